import { HttpError, type ServiceRuntime } from '@quad/common';
import type { Config } from '../config';
import { ideaCommentModel } from '../models/idea-comment-model';
import { ideaInterestModel } from '../models/idea-interest-model';
import { ideaModel } from '../models/idea-model';
import { pollModel } from '../models/poll-model';
import { pollVoteModel } from '../models/poll-vote-model';
import { removeComment } from './comments';
import { forumContext } from './context';
import { deleteIdea } from './ideas';
import { ideasPollsContext } from './ideas-polls-context';
import { commentsBy, postsBy } from './lists';
import { deletePoll } from './polls';
import { removePost } from './posts';
import type { Viewer } from './viewer';

/** Deletion acts as an admin would on the student's content, under a name of its own. */
const DELETION: Viewer = { userId: 'account-deletion', isAdmin: true, collegeId: null };

/** Already gone (a repeat, or a delete racing this one): nothing more to do. */
const gone = (err: unknown) => err instanceof HttpError && (err.status === 404 || err.status === 409);

/**
 * auth.user.deleted in forum: the student's posts (with their comments, views and images in the
 * object store), comments, views, ideas (with their comments and interest), idea comments and
 * interest, polls (with their votes) and votes are removed through the same repository calls as
 * the app's own deletes, so every count (a post's comments and views, a poll's votes, an idea's
 * interest: the sizes of their lists) and every announced event (forum.post.deleted…, which
 * search and the profile stats follow) stays right. Each step removes what is still there, so a
 * replayed event changes nothing more.
 */
export async function forgetForumUser(runtime: ServiceRuntime<Config>, userId: string): Promise<void> {
  const ctx = forumContext(runtime);
  const ideasPolls = ideasPollsContext(runtime);
  const { db } = runtime;

  for (const post of await ctx.posts.all(postsBy(userId))) await removePost(ctx, post._id);
  for (const comment of await ctx.comments.all(commentsBy(userId))) await removeComment(ctx, comment._id);
  for (const view of await ctx.models.PostView.find({ viewerId: userId }, { _id: 1 }).lean()) await ctx.views.remove(view._id);

  for (const idea of await ideaModel(db).find({ authorId: userId }, { _id: 1 }).lean()) {
    await deleteIdea(ideasPolls, DELETION, String(idea._id)).catch((err: unknown) => {
      if (!gone(err)) throw err;
    });
  }
  for (const comment of await ideaCommentModel(db).find({ authorId: userId }, { _id: 1 }).lean()) await ideasPolls.ideaComments.remove(comment._id);
  for (const interest of await ideaInterestModel(db).find({ userId }, { _id: 1 }).lean()) await ideasPolls.ideaInterests.remove(interest._id);

  for (const poll of await pollModel(db).find({ authorId: userId }, { _id: 1 }).lean()) {
    await deletePoll(ideasPolls, DELETION, String(poll._id)).catch((err: unknown) => {
      if (!gone(err)) throw err;
    });
  }
  for (const vote of await pollVoteModel(db).find({ userId }, { _id: 1 }).lean()) await ideasPolls.pollVotes.remove(vote._id);
}
