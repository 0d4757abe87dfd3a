import type { EventData } from '@quad/contracts';
import { contentKey } from '../models/content-author-model';
import type { ModerationContext } from './context';

/** forum.post.created: remember who wrote the post (set semantics, safe to run twice). */
export async function learnPostAuthor(ctx: ModerationContext, data: EventData<'forum.post.created'>): Promise<void> {
  await ctx.models.ContentAuthor.updateOne(
    { _id: contentKey('post', data.postId) },
    { $set: { authorId: data.authorId, collegeId: data.collegeId } },
    { upsert: true },
  );
}

/** forum.comment.created: remember who wrote the comment. */
export async function learnCommentAuthor(ctx: ModerationContext, data: EventData<'forum.comment.created'>): Promise<void> {
  await ctx.models.ContentAuthor.updateOne(
    { _id: contentKey('comment', data.commentId) },
    { $set: { authorId: data.authorId, collegeId: data.collegeId } },
    { upsert: true },
  );
}

export async function authorOf(ctx: ModerationContext, type: 'post' | 'comment', contentId: string): Promise<string | null> {
  const found = await ctx.models.ContentAuthor.findById(contentKey(type, contentId)).lean();
  return found?.authorId ?? null;
}
