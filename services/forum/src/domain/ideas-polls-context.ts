import { defineServiceContext } from '@quad/common';
import type { Connection } from 'mongoose';
import { ideaCommentModel } from '../models/idea-comment-model';
import { ideaInterestModel } from '../models/idea-interest-model';
import { ideaModel } from '../models/idea-model';
import { pollModel } from '../models/poll-model';
import { pollVoteModel } from '../models/poll-vote-model';
import { commentsOfIdea, interestIn, listsOfIdea } from './idea-lists';
import { listsOfPoll, listsOfVote } from './poll-lists';

const ideasPollsModels = (db: Connection) => ({
  Idea: ideaModel(db),
  IdeaComment: ideaCommentModel(db),
  IdeaInterest: ideaInterestModel(db),
  Poll: pollModel(db),
  PollVote: pollVoteModel(db),
});

/** What the ideas and polls domain code works with (common's service context): a repository per collection. */
export const ideasPollsContext = defineServiceContext(ideasPollsModels, (models, { repository }) => ({
  ideas: repository(models.Idea, 'ideas', listsOfIdea),
  ideaComments: repository(models.IdeaComment, 'idea-comments', (comment) => [
    commentsOfIdea(comment.ideaId),
  ]),
  ideaInterests: repository(models.IdeaInterest, 'idea-interests', (interest) => [
    interestIn(interest.ideaId),
  ]),
  polls: repository(models.Poll, 'polls', listsOfPoll),
  pollVotes: repository(models.PollVote, 'poll-votes', listsOfVote),
}));
export type IdeasPollsContext = ReturnType<typeof ideasPollsContext>;
