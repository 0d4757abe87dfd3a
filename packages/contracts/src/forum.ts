import { z } from 'zod';
import { numberFromText } from './coerce';
import { requiredText } from './required-text';
import { COMMENT_BLANK, CREATE_POST_BLANK, EDIT_POST_BLANK, LIMITS, TOPIC_REQUIRED } from './constants';

/** Forum shapes (spec sections 3, 5 and 7): topic boards, posts, comments, views and profile lists. */

/** Posts per page of GET /api/posts: the default and the most a client may ask for. */
export const POSTS_PAGE_SIZE = { default: 20, max: 50 } as const;
/** How many entries the profile's Recent Posts / Recent Comments tabs list. */
export const PROFILE_RECENT_LIMIT = 50;

/** Multipart sends 'true'/'false'; JSON sends a boolean. Missing means not anonymous. */
const anonymousFlag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: 'isAnonymous must be true or false.',
  })
  .optional()
  .transform((value) => value ?? false);

/**
 * A whole number of at least `min`, sent as a number or (multipart, query strings) as a string.
 * Checked by hand so every wrong value, missing included, answers with `message`.
 */
function wholeNumber(message: string, min = 1) {
  return z
    .unknown()
    .transform((value, ctx) => {
      const number = numberFromText(value);
      if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    })
    // The hand-written check above has no JSON Schema of its own: this is what the API docs show.
    .meta({ anyOf: [{ type: 'integer', minimum: min }, { type: 'string', pattern: '^\\s*\\d+\\s*$' }] });
}

/** Topic ids are small positive integers; the web sends them as strings in multipart bodies. */
export const topicIdSchema = wholeNumber(TOPIC_REQUIRED);

/** A board: GET /api/topics. `postCount` counts the caller's college only (every college for admins). */
export const topicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** An emoji the web shows beside the name. */
  icon: z.string(),
  /** Hex colour of the topic's accent. */
  color: z.string(),
  postCount: z.number().int(),
});
export type Topic = z.infer<typeof topicSchema>;

/** Display fields of an author, from the forum's user directory copy. */
export const authorSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  profileColor: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type Author = z.infer<typeof authorSchema>;

/**
 * A post. For an anonymous post seen by a student who did not write it, `authorId` and `author`
 * are null (the web shows 'Anonymous' and a '?' avatar); the author and admins see who wrote it.
 */
export const postSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  isAnonymous: z.boolean(),
  authorId: z.string().nullable(),
  author: authorSchema.nullable(),
  topicId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  viewCount: z.number().int(),
  commentCount: z.number().int(),
  /** True for the author and for admins: the web shows edit/delete. */
  canEdit: z.boolean(),
  /**
   * The viewer blocked this post's author: the web collapses it ('Hidden: you blocked this user',
   * with Show). Never true for anonymous content, which would say who wrote it.
   */
  authorBlocked: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** A comment; anonymity as for posts. */
export const commentSchema = z.object({
  id: z.string(),
  content: z.string(),
  postId: z.string(),
  isAnonymous: z.boolean(),
  authorId: z.string().nullable(),
  author: authorSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  /** As for posts. */
  authorBlocked: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

/** GET /api/posts?topicId=&cursor=&limit= (topicId absent: every topic, the mobile 'All Topics'). */
export const listPostsQuerySchema = z.object({
  topicId: z.preprocess((value) => (value === '' ? undefined : value), topicIdSchema.optional()),
  cursor: z.string().max(200).optional(),
  limit: wholeNumber('limit must be a positive whole number.')
    .optional()
    .transform((value) => Math.min(value ?? POSTS_PAGE_SIZE.default, POSTS_PAGE_SIZE.max)),
});
export type ListPostsQuery = z.input<typeof listPostsQuerySchema>;

/** POST /api/posts, multipart: title, content, topicId, isAnonymous ('true'/'false'), optional file `image`. */
export const createPostBodySchema = z.object({
  title: requiredText('Title', LIMITS.postTitle, CREATE_POST_BLANK),
  content: requiredText('Content', LIMITS.postContent, CREATE_POST_BLANK),
  topicId: topicIdSchema,
  isAnonymous: anonymousFlag,
});
export type CreatePostBody = z.input<typeof createPostBodySchema>;

/** PUT /api/posts/:id. */
export const updatePostBodySchema = z.object({
  title: requiredText('Title', LIMITS.postTitle, EDIT_POST_BLANK),
  content: requiredText('Content', LIMITS.postContent, EDIT_POST_BLANK),
});
export type UpdatePostBody = z.input<typeof updatePostBodySchema>;

/** POST /api/posts/:id/view: the count after this view (a viewer counts once; the author never). */
export const postViewResponseSchema = z.object({ viewCount: z.number().int() });

/** GET /api/comments?postId= (oldest first). */
export const listCommentsQuerySchema = z.object({ postId: z.string().optional() });

/** POST /api/comments. */
export const createCommentBodySchema = z.object({
  content: requiredText('Comment', LIMITS.comment, COMMENT_BLANK),
  postId: z.string({ error: 'postId is required.' }),
  isAnonymous: anonymousFlag,
});
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

/** PUT /api/comments/:id. */
export const updateCommentBodySchema = z.object({
  content: requiredText('Comment', LIMITS.comment, COMMENT_BLANK),
});
export type UpdateCommentBody = z.input<typeof updateCommentBodySchema>;

/** GET /api/user/stats. */
export const userStatsSchema = z.object({ totalPosts: z.number().int() });
export type UserStats = z.infer<typeof userStatsSchema>;

/** GET /api/profile/posts: the caller's own posts, newest first; `topic` is the topic's name. */
export const profilePostSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  topic: z.string(),
  createdAt: z.string(),
});
export type ProfilePost = z.infer<typeof profilePostSchema>;

/** GET /api/profile/comments: the caller's own comments (anonymous ones included), newest first. */
export const profileCommentSchema = z.object({
  id: z.string(),
  content: z.string(),
  postTitle: z.string(),
  createdAt: z.string(),
});
export type ProfileComment = z.infer<typeof profileCommentSchema>;

/** DELETE /api/posts/:id and /api/comments/:id. */
export const deletedResponseSchema = z.object({ message: z.string() });
