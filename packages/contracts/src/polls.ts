import { z } from 'zod';
import { numberFromText } from './coerce';
import { requiredText } from './required-text';
import { isBlank, visibleText } from './text';

/**
 * Polls (spec sections 2, 3, 4, 5, 7, 8, 9): college-scoped questions with 2 to 5 options and one
 * vote per student.
 */

export const POLL_OPTIONS = { min: 2, max: 5 } as const;
/** Polls live on the first board (spec section 9: topicId fixed at 1). */
export const POLL_TOPIC_ID = 1;
export const POLL_LIMITS = { question: 300, description: 1000, option: 200 } as const;

export const POLL_QUESTION_REQUIRED = 'Please enter a poll question.';
export const POLL_OPTIONS_REQUIRED = 'Please provide at least 2 options for your poll.';
export const POLL_OPTIONS_TOO_MANY = 'A poll can have at most 5 options.';
export const POLL_OPTIONS_REPEATED = 'Each option must be different.';
export const POLL_TOPIC_INVALID = 'Polls belong to topic 1.';
export const POLL_OPTION_INVALID = 'Please choose one of the poll’s options.';
export const POLL_CREATE_FAILED = 'Failed to create poll';
export const POLL_VOTE_FAILED = 'Failed to vote on poll';
export const POLL_UNVOTE_FAILED = 'Failed to remove vote';
export const POLL_DELETE_FAILED = 'Failed to delete poll';
export const POLL_BEING_DELETED = 'Poll is being deleted';
export const POLL_NOT_FOUND = 'Poll not found';

/**
 * A poll as a student of its college sees it. Ballots are secret: instead of the spec's list of
 * every {userId, optionIndex}, the poll carries the count per option and the caller's own choice.
 */
export const pollSchema = z.object({
  id: z.string(),
  /** The question again (the spec's Poll has both; they are the same text). */
  title: z.string(),
  description: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
  /** Votes per option, index for index with `options`. */
  counts: z.array(z.number().int()),
  totalVotes: z.number().int(),
  /** The caller's vote, or null. */
  myVote: z.number().int().nullable(),
  author: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  topicId: z.number().int(),
  createdAt: z.string(),
  /** The author and admins may delete it. */
  canDelete: z.boolean(),
});
export type Poll = z.infer<typeof pollSchema>;

/**
 * True when two options say the same (letter case and invisible characters aside): a voter could
 * not tell them apart, and the votes would split between them.
 */
export function hasRepeatedOption(options: readonly string[]): boolean {
  const seen = options.map((option) => visibleText(option).toLocaleLowerCase());
  return new Set(seen).size < seen.length;
}

/** POST /api/polls {question, description?, options, topicId: 1} → 201 Poll. Options are trimmed; blank ones dropped; no two alike. */
export const createPollBodySchema = z.object({
  question: requiredText('Question', POLL_LIMITS.question, POLL_QUESTION_REQUIRED),
  description: z
    .string({ error: 'Description must be text.' })
    .trim()
    .max(POLL_LIMITS.description, `Description must be at most ${POLL_LIMITS.description} characters.`)
    .nullish()
    .transform((value) => value || null),
  options: z
    .array(
      z.string({ error: POLL_OPTIONS_REQUIRED }).trim().max(POLL_LIMITS.option, `An option must be at most ${POLL_LIMITS.option} characters.`),
      { error: POLL_OPTIONS_REQUIRED },
    )
    .prefault([])
    .transform((options) => options.filter((option) => !isBlank(option)))
    .pipe(
      z
        .array(z.string())
        .min(POLL_OPTIONS.min, POLL_OPTIONS_REQUIRED)
        .max(POLL_OPTIONS.max, POLL_OPTIONS_TOO_MANY)
        .refine((options) => !hasRepeatedOption(options), POLL_OPTIONS_REPEATED),
    ),
  topicId: z
    .preprocess((value) => (value === undefined ? POLL_TOPIC_ID : numberFromText(value)), z.literal(POLL_TOPIC_ID, { error: POLL_TOPIC_INVALID })),
});
export type CreatePollBody = z.input<typeof createPollBodySchema>;

/** POST /api/polls/:id/vote {optionIndex} → Poll. */
export const votePollBodySchema = z.object({
  optionIndex: z.number({ error: POLL_OPTION_INVALID }).int(POLL_OPTION_INVALID).min(0, POLL_OPTION_INVALID),
});
export type VotePollBody = z.input<typeof votePollBodySchema>;

/** Percent of a poll's votes an option has, whole numbers (0 when nobody voted). */
export function votePercent(count: number, totalVotes: number): number {
  return totalVotes === 0 ? 0 : Math.round((count / totalVotes) * 100);
}

/** Polls per page of GET /api/polls/all (X-Next-Cursor when more): the default and the most a client may ask for. */
export const POLLS_PAGE_SIZE = { default: 50, max: 100 } as const;

/** GET /api/polls/all?cursor=&limit= → Poll[] newest first. */
export const listPollsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : numberFromText(value)),
      z.number({ error: 'limit must be a positive whole number.' }).int('limit must be a positive whole number.').min(1, 'limit must be a positive whole number.').optional(),
    )
    .transform((value) => Math.min(value ?? POLLS_PAGE_SIZE.default, POLLS_PAGE_SIZE.max)),
});
