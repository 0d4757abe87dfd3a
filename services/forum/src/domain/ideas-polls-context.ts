import {
  type Logger,
  type Repository,
  type ServiceRuntime,
  type UserDirectory,
  createRepository,
  perRuntime,
} from '@quad/common';
import type { Config } from '../config';
import { type IdeaCommentDoc, ideaCommentModel } from '../models/idea-comment-model';
import { type IdeaInterestDoc, ideaInterestModel } from '../models/idea-interest-model';
import { type IdeaDoc, ideaModel } from '../models/idea-model';
import { type PollDoc, pollModel } from '../models/poll-model';
import { type PollVoteDoc, pollVoteModel } from '../models/poll-vote-model';
import { commentsOfIdea, interestIn, listsOfIdea } from './idea-lists';
import { listsOfPoll, listsOfVote } from './poll-lists';

/**
 * What the ideas and polls domain code works with: a repository per collection (each write
 * mirrored into its lists and cache in the same call) and the cached user directory.
 */
export interface IdeasPollsContext {
  ideas: Repository<IdeaDoc>;
  ideaComments: Repository<IdeaCommentDoc>;
  ideaInterests: Repository<IdeaInterestDoc>;
  polls: Repository<PollDoc>;
  pollVotes: Repository<PollVoteDoc>;
  directory: UserDirectory;
  logger: Logger;
}

/** One context per runtime. */
export const ideasPollsContext = perRuntime((runtime: ServiceRuntime<Config>): IdeasPollsContext => {
  const { db } = runtime;
  return {
    ideas: createRepository<IdeaDoc>(runtime, { model: ideaModel(db), name: 'ideas', listsOf: listsOfIdea }),
    ideaComments: createRepository<IdeaCommentDoc>(runtime, {
      model: ideaCommentModel(db),
      name: 'idea-comments',
      listsOf: (comment) => [commentsOfIdea(comment.ideaId)],
    }),
    ideaInterests: createRepository<IdeaInterestDoc>(runtime, {
      model: ideaInterestModel(db),
      name: 'idea-interests',
      listsOf: (interest) => [interestIn(interest.ideaId)],
    }),
    polls: createRepository<PollDoc>(runtime, { model: pollModel(db), name: 'polls', listsOf: listsOfPoll }),
    pollVotes: createRepository<PollVoteDoc>(runtime, {
      model: pollVoteModel(db),
      name: 'poll-votes',
      listsOf: listsOfVote,
    }),
    directory: runtime.directory,
    logger: runtime.logger,
  };
});
