import type { EventData } from '@quad/contracts';
import { contentKey } from '../models/content-author-model';
import type { ModerationContext } from './context';
import { alreadyThere } from './people';

/*
 * Who wrote each post and comment, learnt from forum's created events. A piece of content never
 * changes author, so the fact is inserted once under its deterministic id; a redelivered or
 * concurrently delivered event finds it there and changes nothing.
 */

async function learn(ctx: ModerationContext, type: 'post' | 'comment', contentId: string, authorId: string, collegeId: string | null) {
  try {
    await ctx.contentAuthors.insert({ _id: contentKey(type, contentId), authorId, collegeId });
  } catch (err) {
    if (!alreadyThere(err)) throw err;
  }
}

/**
 * Forum deleted a post or comment: it is marked removed (a report of it would name nothing anyone
 * can see), and kept, so an admin can still reveal who wrote it. A deletion heard before the
 * creation stores the fact removed at once.
 */
async function learnRemoved(ctx: ModerationContext, type: 'post' | 'comment', contentId: string, authorId: string, collegeId: string | null) {
  const key = contentKey(type, contentId);
  try {
    await ctx.contentAuthors.insert({ _id: key, authorId, collegeId, removed: true });
  } catch (err) {
    if (!alreadyThere(err)) throw err;
    await ctx.contentAuthors.update(key, (current) => (current.removed ? null : { removed: true }));
  }
}

export function learnPostRemoved(ctx: ModerationContext, data: EventData<'forum.post.deleted'>): Promise<void> {
  return learnRemoved(ctx, 'post', data.postId, data.authorId, data.collegeId);
}

export function learnCommentRemoved(ctx: ModerationContext, data: EventData<'forum.comment.deleted'>): Promise<void> {
  return learnRemoved(ctx, 'comment', data.commentId, data.authorId, data.collegeId);
}

export function learnPostAuthor(ctx: ModerationContext, data: EventData<'forum.post.created'>): Promise<void> {
  return learn(ctx, 'post', data.postId, data.authorId, data.collegeId);
}

export function learnCommentAuthor(ctx: ModerationContext, data: EventData<'forum.comment.created'>): Promise<void> {
  return learn(ctx, 'comment', data.commentId, data.authorId, data.collegeId);
}

/**
 * The author and college of a post or comment the caller may see: of their own college, or any
 * for an admin. Content moderation has not heard of, that forum deleted, or of another college,
 * is null: a report of it would name nothing the reporter could see.
 */
export async function visibleContent(
  ctx: ModerationContext,
  viewer: { userId: string; collegeId: string | null; isAdmin: boolean },
  type: 'post' | 'comment',
  contentId: string,
): Promise<{ authorId: string; collegeId: string | null } | null> {
  const content = await ctx.contentAuthors.find(contentKey(type, contentId));
  if (!content || content.removed) return null;
  if (viewer.isAdmin) return content;
  // The directory knows a college change the token (signed at sign-in) may not.
  const collegeId = (await ctx.directory.get(viewer.userId))?.collegeId ?? viewer.collegeId;
  return collegeId !== null && collegeId === content.collegeId ? content : null;
}

export async function authorOf(ctx: ModerationContext, type: 'post' | 'comment', contentId: string): Promise<string | null> {
  return (await ctx.contentAuthors.find(contentKey(type, contentId)))?.authorId ?? null;
}
