import { z } from 'zod';
import {
  SEARCH_KINDS,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  SEARCH_SINCE,
  SEARCH_TYPES,
} from './search-constants';

/** The one search box (GET /api/search): posts, comments, ideas, polls and people a student may open. */

export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.blank })
    .trim()
    .min(1, SEARCH_MESSAGES.blank)
    .max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.tooLong),
  type: z.enum(SEARCH_TYPES, { error: `type must be one of ${SEARCH_TYPES.join(', ')}.` }).default('all'),
  /** Posts and polls of one topic (and comments on posts of it). */
  topicId: z.coerce.number({ error: 'topicId must be a number.' }).int().positive().optional(),
  since: z.enum(SEARCH_SINCE, { error: `since must be one of ${SEARCH_SINCE.join(', ')}.` }).optional(),
  cursor: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE.max).default(SEARCH_PAGE_SIZE.default),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The author shown beside a result; never present on anonymous content. */
export const searchAuthorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileColor: z.string(),
  profileImageUrl: z.string().nullable(),
});

/**
 * One result. `terms` are the indexed words the query matched (a misspelt "calculater" matches
 * "calculator"), for the client to highlight in `title` and `snippet`. Anonymous content carries
 * `isAnonymous: true` and no `author`.
 */
export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** A post's title, an idea's title, a poll's question, a person's name; a comment's post id is `postId`. */
  title: z.string(),
  snippet: z.string(),
  /** For a comment: the post it is on (the result opens that post). */
  postId: z.string().nullable(),
  topicId: z.number().int().nullable(),
  isAnonymous: z.boolean(),
  author: searchAuthorSchema.optional(),
  /** For a person: their college and major, as the people list shows them. */
  subtitle: z.string().nullable(),
  createdAt: z.string().nullable(),
  terms: z.array(z.string()),
  score: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
