import { type ServiceRuntime, exported } from '@quad/common';
import type { ServiceExport } from '@quad/contracts';
import type { Config } from '../config';
import { ideaCommentModel } from '../models/idea-comment-model';
import { ideaInterestModel } from '../models/idea-interest-model';
import { ideaModel } from '../models/idea-model';
import { pollModel } from '../models/poll-model';
import { pollVoteModel } from '../models/poll-vote-model';
import { forumContext } from './context';

/** Forum's part of a student's download: their posts (anonymous ones too), comments, ideas, idea comments and interest, polls and votes, and their post images. */
export async function exportForumUser(runtime: ServiceRuntime<Config>, userId: string): Promise<ServiceExport> {
  const { models } = forumContext(runtime);
  const { db } = runtime;
  const [posts, comments, ideas, ideaComments, ideaInterest, polls, pollVotes] = await Promise.all([
    models.Post.find({ authorId: userId }).lean(),
    models.Comment.find({ authorId: userId }).lean(),
    ideaModel(db).find({ authorId: userId }).lean(),
    ideaCommentModel(db).find({ authorId: userId }).lean(),
    ideaInterestModel(db).find({ userId }).lean(),
    pollModel(db).find({ authorId: userId }).lean(),
    pollVoteModel(db).find({ userId }).lean(),
  ]);
  return {
    records: {
      posts: posts.map(exported),
      comments: comments.map(exported),
      ideas: ideas.map(exported),
      ideaComments: ideaComments.map(exported),
      ideaInterest: ideaInterest.map(exported),
      polls: polls.map(exported),
      pollVotes: pollVotes.map(exported),
    },
    images: posts.flatMap((post) => (post.imageUrl ? [post.imageUrl.replace(/^\/media\//, '')] : [])),
  };
}
