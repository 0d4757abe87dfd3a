import { z } from 'zod';
import { type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, createDocument } from 'zod-openapi';
import {
  AUTH_COOKIE,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  adminAppealSchema,
  adminReportSchema,
  auditEntrySchema,
  bannedUserSchema,
  blockedUserSchema,
  chatSummarySchema,
  collegeSchema,
  commentSchema,
  errorBodySchema,
  friendRequestSchema,
  friendSchema,
  ideaCommentSchema,
  ideaSchema,
  myReportSchema,
  paymentRequestSchema,
  pollSchema,
  postSchema,
  profileSchema,
  readReceiptSchema,
  serviceForPath,
  subscriptionStatusSchema,
  suspendedBodySchema,
  topicSchema,
  userSchema,
} from '@quad/contracts';
// Not re-exported by the contracts index: the web never needs the whole API's schemas at once.
import { API_OPERATIONS, type ApiOperation } from '@quad/contracts/src/api-operations';

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Shapes that recur across operations, named once under components.schemas (zod-openapi refers to them by identity). */
const NAMED_SCHEMAS = {
  Error: errorBodySchema,
  Suspended: suspendedBodySchema,
  User: userSchema,
  Profile: profileSchema,
  College: collegeSchema,
  Topic: topicSchema,
  Post: postSchema,
  Comment: commentSchema,
  Idea: ideaSchema,
  IdeaComment: ideaCommentSchema,
  Poll: pollSchema,
  Friend: friendSchema,
  FriendRequest: friendRequestSchema,
  BlockedUser: blockedUserSchema,
  ChatSummary: chatSummarySchema,
  ReadReceipt: readReceiptSchema,
  SubscriptionStatus: subscriptionStatusSchema,
  PaymentRequest: paymentRequestSchema,
  MyReport: myReportSchema,
  AdminReport: adminReportSchema,
  AdminAppeal: adminAppealSchema,
  BannedUser: bannedUserSchema,
  AuditEntry: auditEntrySchema,
};

/** `/api/posts/:id` (express) → `/api/posts/{id}` (OpenAPI). */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

function pathParams(expressPath: string): z.ZodObject | undefined {
  const names = [...expressPath.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return names.length > 0 ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const errorResponse = (description: string, schema: z.ZodType = errorBodySchema) => ({ description, content: json(schema) });

function requestBody(operation: ApiOperation): ZodOpenApiOperationObject['requestBody'] {
  if (!operation.body) return undefined;
  if (!operation.uploadField) return { required: true, content: json(operation.body) };
  // A multipart form: the same fields as strings, plus the optional image the service sniffs and re-encodes.
  const image = z.file().optional().meta({ description: 'An image (5 MB at most; re-encoded to WebP, EXIF stripped)' });
  const form = (operation.body as z.ZodObject).extend({ [operation.uploadField]: image });
  return { required: true, content: { 'multipart/form-data': { schema: form } } };
}

function responses(operation: ApiOperation): ZodOpenApiOperationObject['responses'] {
  const statuses = operation.status === undefined ? [200] : [operation.status].flat();
  const result: ZodOpenApiOperationObject['responses'] = {};
  for (const status of statuses) {
    const key = String(status) as `2${string}`;
    if (operation.websocket) {
      result[key] = { description: 'Switching protocols: the socket.io connection is open' };
    } else if (status === 302) {
      result[key] = { description: 'Redirect', headers: z.object({ Location: z.string() }) };
    } else {
      result[key] = {
        description: status === 201 ? 'Created' : 'OK',
        ...(operation.response ? { content: json(operation.response) } : {}),
        ...(operation.paged
          ? {
              headers: z.object({
                [NEXT_CURSOR_HEADER]: z.string().optional().meta({ description: 'The next page’s cursor; absent on the last page' }),
                ...(operation.path.startsWith('/api/admin/')
                  ? { [TOTAL_COUNT_HEADER]: z.string().optional().meta({ description: 'How many rows the list (its status tab) holds before search and filters' }) }
                  : {}),
              }),
            }
          : {}),
      };
    }
  }
  if (operation.body || operation.query) result['400'] = errorResponse('The request is invalid; the message says why');
  if (operation.access !== 'public') {
    result['401'] = errorResponse('Not signed in, or the token is expired or revoked');
    result['403'] = errorResponse('The account is suspended (with reason and expiry), or the route is for admins', z.union([suspendedBodySchema, errorBodySchema]));
  }
  if (operation.access === 'subscriber') result['402'] = errorResponse('An active subscription is required');
  result['429'] = errorResponse('Too many requests');
  return result;
}

function toOperation(operation: ApiOperation): ZodOpenApiOperationObject {
  const path = pathParams(operation.path);
  const requestParams = {
    ...(path ? { path } : {}),
    ...(operation.query ? { query: operation.query } : {}),
  };
  return {
    operationId: `${operation.method}${openApiPath(operation.path).replace(/[^A-Za-z0-9]+(\w)?/g, (_m, next: string = '') => next.toUpperCase())}`,
    summary: operation.summary,
    tags: [serviceForPath(operation.path) ?? 'gateway'],
    security: operation.access === 'public' ? [] : [{ bearerAuth: [] }, { cookieAuth: [] }],
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(operation.body ? { requestBody: requestBody(operation) } : {}),
    responses: responses(operation),
  };
}

/**
 * The OpenAPI 3.1 document of the whole API, generated from contracts' operation table and the
 * zod schemas the services validate with: nothing in it is written by hand.
 */
export function createOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    const key = openApiPath(operation.path);
    paths[key] = { ...paths[key], [operation.method]: toOperation(operation) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Quad API',
      version: '1.0.0',
      description:
        'Quad, the college community platform: every call of the gateway, generated from `packages/contracts`. ' +
        `Sign in with \`POST /api/login\` and send its \`authToken\` as a bearer token (or the \`${AUTH_COOKIE}\` cookie).`,
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: NAMED_SCHEMAS,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: AUTH_COOKIE },
      },
    },
  });
}
