import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Express } from 'express';
import request from 'supertest';
import { ROUTE_TABLE, SERVICES, type ServiceName, serviceForPath } from '@quad/contracts';
import { API_OPERATIONS, type ApiOperation } from '@quad/contracts/src/api-operations';
import type { ServiceRuntime } from '@quad/common';
import { bearer, createTestRuntime, destroyTestRuntime, testToken } from '@quad/common/src/testing';
import { createApp as createAuthApp } from '@quad/auth/src/app';
import { createApp as createForumApp } from '@quad/forum/src/app';
import { createApp as createSocialApp } from '@quad/social/src/app';
import { createApp as createChatApp } from '@quad/chat/src/app';
import { loadServiceConfig as loadChatConfig } from '@quad/chat/src/config';
import { createApp as createCommerceApp } from '@quad/commerce/src/app';
import { createApp as createModerationApp } from '@quad/moderation/src/app';
import { createApp as createSearchApp } from '@quad/search/src/app';
import { createApp as createNotificationsApp } from '@quad/notifications/src/app';
import { loadServiceConfig as loadNotificationsConfig } from '@quad/notifications/src/config';
import { createApp as createGatewayApp } from '../src/app';
import { type Config, loadGatewayConfig } from '../src/config';
import { type OpenApiDocument, createOpenApiDocument, openApiPath } from '../src/openapi';

/**
 * Validates with @seriousme/openapi-schema-validator (the OpenAPI schemas of each version, on ajv).
 * The package is ESM only, which jest's CommonJS run cannot load, so its own CLI runs it.
 */
async function validateOpenApi(document: OpenApiDocument): Promise<{ valid: boolean; errors?: unknown }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quad-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    const { stdout } = await promisify(execFile)(process.execPath, [cli, file]).catch((err: { stdout: string }) => err);
    return JSON.parse(stdout) as { valid: boolean; errors?: unknown };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every path of the route table (exact or prefix) that no documented path equals or lies under. */
function uncoveredRouteTableEntries(document: OpenApiDocument): string[] {
  const documented = Object.keys(document.paths ?? {});
  const entries = ROUTE_TABLE.flatMap((route) => [...(route.exact ?? []), ...(route.prefix ?? [])]);
  return entries.filter((entry) => !documented.some((path) => path === entry || path.startsWith(`${entry}/`)));
}

/** Documented paths with no operation under them. */
function pathsWithoutOperations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths ?? {})
    .filter(([, item]) => !HTTP_METHODS.some((method) => item?.[method]))
    .map(([path]) => path);
}

describe('the OpenAPI document', () => {
  const document = createOpenApiDocument();

  test('when validated, then it is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await validateOpenApi(document)).toEqual({ valid: true });
  });

  test('when a document breaks the OpenAPI schema, then the validator says so', async () => {
    const broken = { ...document, paths: { '/api/colleges': { get: { responses: { 200: { content: {} } } } } } };
    expect(await validateOpenApi(broken as never)).toMatchObject({ valid: false });
  });

  test('when compared with the route table, then every entry has operations and every path has an operation', () => {
    expect(uncoveredRouteTableEntries(document)).toEqual([]);
    expect(pathsWithoutOperations(document)).toEqual([]);
  });

  test('when an operation of the table is left out, then the coverage check names its route-table entry', () => {
    const withoutPolls = createOpenApiDocument(API_OPERATIONS.filter((op) => !op.path.startsWith('/api/polls')));
    expect(uncoveredRouteTableEntries(withoutPolls)).toEqual(['/api/polls']);
  });

  test('when generated, then every operation of the table is in it once, and each is served by the route table', () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item?.[method]).map((method) => `${method} ${path}`),
    );
    const expected = API_OPERATIONS.map((op) => `${op.method} ${openApiPath(op.path)}`);
    expect(new Set(expected).size).toBe(expected.length);
    expect(documented.sort()).toEqual([...expected].sort());
    expect(API_OPERATIONS.filter((op) => serviceForPath(op.path) === undefined)).toEqual([]);
  });

  test('when an operation parses a body or query, then the document carries that schema, and protected operations name the bearer scheme', () => {
    const login = document.paths!['/api/login']!.post!;
    expect(login.requestBody).toMatchObject({ content: { 'application/json': { schema: { required: ['email', 'password'] } } } });
    expect(login.security).toEqual([]);
    const posts = document.paths!['/api/posts']!.get!;
    expect(posts.parameters?.map((p) => ('name' in p ? p.name : undefined))).toEqual(['topicId', 'cursor', 'limit']);
    expect(posts.security).toContainEqual({ bearerAuth: [] });
    expect(document.components?.securitySchemes?.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const upload = document.paths!['/api/posts']!.post!.requestBody as { content: Record<string, { schema: { properties: object } }> };
    expect(Object.keys(upload.content['multipart/form-data']!.schema.properties)).toEqual(
      expect.arrayContaining(['title', 'content', 'topicId', 'isAnonymous', 'image']),
    );
  });
});

const SERVICE_APPS: Record<ServiceName, (runtime: ServiceRuntime<never>) => Express> = {
  auth: createAuthApp as never,
  forum: createForumApp as never,
  social: createSocialApp as never,
  // Realtime is only reached by calls that succeed; these tests make none.
  chat: ((runtime: never) => createChatApp(runtime, {} as never)) as never,
  commerce: createCommerceApp as never,
  moderation: createModerationApp as never,
  search: createSearchApp as never,
  notifications: createNotificationsApp as never,
};

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** `method path` of every /api route an express app registers, nested routers included. */
function registeredApiRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: RouterLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, handled] of Object.entries(layer.route.methods)) {
          if (handled && method !== '_all') found.push(`${method} ${layer.route.path}`);
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack);
  return found.filter((route) => route.split(' ')[1]!.startsWith('/api/'));
}

const concretePath = (op: ApiOperation) => op.path.replace(/:\w+/g, '0123456789abcdef01234567');
const call = (app: Express, op: ApiOperation) => request(app)[op.method](concretePath(op));

describe('the operation table against the services', () => {
  const runtimes: ServiceRuntime[] = [];
  const apps = new Map<ServiceName, Express>();
  let gatewayRuntime: ServiceRuntime<Config>;
  let gateway: Express;
  const httpOperations = API_OPERATIONS.filter((op) => !op.websocket);
  const appOf = (op: ApiOperation) => apps.get(serviceForPath(op.path)!)!;

  beforeAll(async () => {
    for (const service of SERVICES) {
      // Chat makes its message limiter with its context, from its own settings.
      const own = service === 'chat' ? loadChatConfig() : service === 'notifications' ? loadNotificationsConfig() : undefined;
      const runtime = await createTestRuntime(service, own);
      runtimes.push(runtime);
      apps.set(service, SERVICE_APPS[service](runtime as never));
    }
    gatewayRuntime = await createTestRuntime('gateway', loadGatewayConfig());
    gateway = createGatewayApp(gatewayRuntime).app;
  });

  afterAll(async () => {
    for (const runtime of [...runtimes, gatewayRuntime]) await destroyTestRuntime(runtime);
  });

  test.each(SERVICES)('when %s registers its routes, then they are exactly the table’s operations for it', (service) => {
    const registered = registeredApiRoutes(apps.get(service)!);
    const documented = httpOperations.filter((op) => serviceForPath(op.path) === service).map((op) => `${op.method} ${op.path}`);
    expect(registered.sort()).toEqual(documented.sort());
  });

  test('when each protected operation is called without a token, then it answers 401; public ones do not', async () => {
    const wrong: string[] = [];
    for (const op of httpOperations) {
      const { status } = await call(appOf(op), op);
      if ((op.access === 'public') === (status === 401)) wrong.push(`${op.method} ${op.path} (${op.access}): ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  test('when a student without a subscription calls, then subscriber operations answer 402, admin ones 403, signed-in ones neither', async () => {
    const student = bearer(testToken({ userId: '0123456789abcdef0123abcd', collegeId: 'college-docs' }));
    const wrong: string[] = [];
    for (const op of httpOperations.filter((o) => o.access !== 'public')) {
      const { status } = await call(appOf(op), op).set(student);
      // A signed-in route may still answer its own 401 or 404 for an account that does not exist.
      const expected = op.access === 'subscriber' ? status === 402 : op.access === 'admin' ? status === 403 : ![402, 403].includes(status);
      if (!expected) wrong.push(`${op.method} ${op.path} (${op.access}): ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  test('when /api/docs/openapi.json is requested through the gateway, then it is the generated document', async () => {
    const response = await request(gateway).get('/api/docs/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual(JSON.parse(JSON.stringify(createOpenApiDocument())));
  });

  test('when /api/docs is opened, then Swagger UI is served from the gateway itself under the site’s strict CSP', async () => {
    const page = await request(gateway).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const asset = await request(gateway).get(source);
      expect([source, asset.status]).toEqual([source, 200]);
    }
    expect(page.text).not.toMatch(/<script>/); // no inline script
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval/);
    // The rest of the site has the very same policy: the docs needed no exception.
    const site = await request(gateway).get('/profile').set('Accept', 'text/html');
    expect(site.headers['content-security-policy']).toBe(csp);
  });
});
