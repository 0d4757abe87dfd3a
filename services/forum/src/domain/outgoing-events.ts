import { documentEvent } from '@quad/common';
import type { CommentDoc } from '../models/comment-model';
import type { IdeaDoc } from '../models/idea-model';
import type { PollDoc } from '../models/poll-model';
import type { PostDoc } from '../models/post-model';

/*
 * What forum publishes (auth keeps profile stats from them, moderation learns authors, search
 * keeps its index), always through the outbox with the write that makes them true (the
 * repositories take these as their events). Event ids are derived from the content id (and, for
 * edits, its version), so a retried publish is stored once (Nats-Msg-Id).
 *
 * Created and updated events carry the text and `version`, so a read model (search) keeps its
 * own copy without reading this database; deleted events carry ids only.
 */

type PostFacts = Pick<PostDoc, '_id' | 'authorId' | 'collegeId' | 'topicId' | 'version'>;
type PostContent = PostFacts & Pick<PostDoc, 'title' | 'content' | 'isAnonymous' | 'createdAt' | 'version'>;
type CommentFacts = Pick<CommentDoc, '_id' | 'postId' | 'authorId' | 'collegeId' | 'version'>;
type CommentContent = CommentFacts & Pick<CommentDoc, 'content' | 'isAnonymous' | 'createdAt' | 'version'>;

const postData = (post: PostFacts) => ({
  postId: String(post._id),
  authorId: post.authorId,
  collegeId: post.collegeId ?? null,
  topicId: post.topicId,
});

const postContentData = (post: PostContent) => ({
  ...postData(post),
  title: post.title,
  content: post.content,
  isAnonymous: post.isAnonymous,
  createdAt: post.createdAt.toISOString(),
  version: post.version,
});

const commentData = (comment: CommentFacts) => ({
  commentId: String(comment._id),
  postId: String(comment.postId),
  authorId: comment.authorId,
  collegeId: comment.collegeId ?? null,
});

const commentContentData = (comment: CommentContent) => ({
  ...commentData(comment),
  content: comment.content,
  isAnonymous: comment.isAnonymous,
  createdAt: comment.createdAt.toISOString(),
  version: comment.version,
});

export const postCreated = documentEvent('forum.post.created', postContentData);
export const postUpdated = documentEvent('forum.post.updated', postContentData, 'version');
export const postDeleted = documentEvent('forum.post.deleted', postData);
export const commentCreated = documentEvent('forum.comment.created', commentContentData);
export const commentUpdated = documentEvent('forum.comment.updated', commentContentData, 'version');
export const commentDeleted = documentEvent('forum.comment.deleted', commentData);

const ideaData = (idea: IdeaDoc) => ({
  ideaId: String(idea._id),
  authorId: idea.authorId,
  title: idea.title,
  description: idea.description,
  category: idea.category,
  stage: idea.stage,
  skillsNeeded: [...idea.skillsNeeded],
  createdAt: idea.createdAt.toISOString(),
  version: idea.version,
});

export const ideaCreated = documentEvent('forum.idea.created', ideaData);
export const ideaDeleted = documentEvent('forum.idea.deleted', ideaData);

const pollData = (poll: PollDoc) => ({
  pollId: String(poll._id),
  authorId: poll.authorId,
  collegeId: poll.collegeId ?? null,
  topicId: poll.topicId,
  question: poll.question,
  description: poll.description ?? null,
  options: [...poll.options],
  createdAt: poll.createdAt.toISOString(),
  version: poll.version,
});

export const pollCreated = documentEvent('forum.poll.created', pollData);
/** Published when the poll starts deleting (it is hidden from then on). */
export const pollDeleted = documentEvent('forum.poll.deleted', pollData);
