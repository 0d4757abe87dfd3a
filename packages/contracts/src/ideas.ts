import { z } from 'zod';
import { numberFromText } from './coerce';
import { requiredText } from './required-text';

/**
 * The ideas hub (spec sections 2, 3, 5, 7, 8, 9): startup ideas seen across colleges, their
 * comments and the students interested in them.
 */

export const IDEA_CATEGORIES = [
  'Technology', 'Social Impact', 'Business', 'Healthcare', 'Education', 'Environment', 'Entertainment',
  'Finance', 'Food & Dining', 'Transportation', 'Other',
] as const;
export type IdeaCategory = (typeof IDEA_CATEGORIES)[number];

export const IDEA_STAGES = ['Just an Idea', 'Researching', 'Planning', 'Prototype', 'MVP', 'Launch Ready'] as const;
export type IdeaStage = (typeof IDEA_STAGES)[number];

export const IDEA_SKILLS = [
  'Frontend Development', 'Backend Development', 'Mobile Development', 'UI/UX Design', 'Data Science',
  'Machine Learning', 'Marketing', 'Business Strategy', 'Project Management', 'Finance', 'Legal', 'Research',
  'Content Creation', 'Sales',
] as const;
export type IdeaSkill = (typeof IDEA_SKILLS)[number];

/** recent: newest first; popular and discussed: by comment count (spec section 9), popular breaking ties by interest. */
export const IDEA_SORTS = ['recent', 'popular', 'discussed'] as const;
export type IdeaSort = (typeof IDEA_SORTS)[number];

/** The stage the 'Launch Ready' stat counts. */
export const LAUNCH_READY_STAGE: IdeaStage = 'Launch Ready';

export const IDEA_LIMITS = { title: 120, description: 5000, comment: 2000, search: 100 } as const;
/** Ideas per page of GET /api/ideas: the default and the most a client may ask for. */
export const IDEAS_PAGE_SIZE = { default: 20, max: 50 } as const;

export const IDEA_REQUIRED = 'Please fill in all required fields';
export const IDEA_CREATE_FAILED = 'Failed to create idea';
export const IDEA_DELETE_FAILED = 'Failed to delete idea';
export const IDEA_NOT_FOUND = 'Idea not found';
export const IDEA_COMMENT_BLANK = 'Comment cannot be empty.';
export const IDEA_OWN_INTEREST = 'You cannot be interested in your own idea.';

/** A choice from one of the spec's lists; missing or blank is a missing required field. */
function requiredChoice<T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z
    .string({ error: IDEA_REQUIRED })
    .trim()
    .min(1, IDEA_REQUIRED)
    .pipe(z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` }))
    .prefault('');
}

/** An idea as every student sees it, with the author's name and college (ideas are cross-college). */
export const ideaSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(IDEA_CATEGORIES),
  stage: z.enum(IDEA_STAGES),
  skillsNeeded: z.array(z.enum(IDEA_SKILLS)),
  authorId: z.string(),
  authorName: z.string(),
  /** The author's college name; null for an account without one (the anonymous admin). */
  authorCollege: z.string().nullable(),
  authorProfileColor: z.string(),
  createdAt: z.string(),
  commentsCount: z.number().int(),
  interestedCount: z.number().int(),
  /** Whether the caller said 'I'm interested'. */
  isInterested: z.boolean(),
  /** True for the author and for admins: the web shows Delete. */
  canDelete: z.boolean(),
});
export type Idea = z.infer<typeof ideaSchema>;

/** The hub's three stats over every idea (filters do not change them). */
export const ideaStatsSchema = z.object({
  totalIdeas: z.number().int(),
  launchReady: z.number().int(),
  seekingCollaborators: z.number().int(),
});
export type IdeaStats = z.infer<typeof ideaStatsSchema>;

/** Query strings send '' for an unset filter. */
const optionalFilter = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` }).optional(),
  );

/** GET /api/ideas?search=&category=&stage=&skill=&sort=&cursor=&limit= → Idea[], X-Next-Cursor when more. */
export const listIdeasQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(IDEA_LIMITS.search, `Search must be at most ${IDEA_LIMITS.search} characters.`)
    .optional()
    .transform((value) => value || undefined),
  category: optionalFilter('Category', IDEA_CATEGORIES),
  stage: optionalFilter('Stage', IDEA_STAGES),
  skill: optionalFilter('Skill', IDEA_SKILLS),
  sort: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(IDEA_SORTS, { error: `Sort must be one of: ${IDEA_SORTS.join(', ')}.` }).default('recent'),
  ),
  cursor: z.string().max(200).optional(),
  limit: z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : numberFromText(value)),
      z.number({ error: 'limit must be a positive whole number.' }).int('limit must be a positive whole number.').min(1, 'limit must be a positive whole number.').optional(),
    )
    .transform((value) => Math.min(value ?? IDEAS_PAGE_SIZE.default, IDEAS_PAGE_SIZE.max)),
});
export type ListIdeasQuery = z.input<typeof listIdeasQuerySchema>;

/** POST /api/ideas → 201 Idea. */
export const createIdeaBodySchema = z.object({
  title: requiredText('Title', IDEA_LIMITS.title, IDEA_REQUIRED),
  description: requiredText('Description', IDEA_LIMITS.description, IDEA_REQUIRED),
  category: requiredChoice('Category', IDEA_CATEGORIES),
  stage: requiredChoice('Stage', IDEA_STAGES),
  skillsNeeded: z
    .array(z.enum(IDEA_SKILLS, { error: 'Skills must be chosen from the list.' }), {
      error: 'Skills must be chosen from the list.',
    })
    .optional()
    .transform((skills) => [...new Set(skills ?? [])]),
});
export type CreateIdeaBody = z.input<typeof createIdeaBodySchema>;

/** A comment on an idea; ideas are cross-college, so the author's college is shown too. */
export const ideaCommentSchema = z.object({
  id: z.string(),
  ideaId: z.string(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorCollege: z.string().nullable(),
  authorProfileColor: z.string(),
  createdAt: z.string(),
  /** The comment's author and admins may delete it. */
  canDelete: z.boolean(),
});
export type IdeaComment = z.infer<typeof ideaCommentSchema>;

/** POST /api/ideas/:id/comments → 201 IdeaComment. */
export const createIdeaCommentBodySchema = z.object({
  content: requiredText('Comment', IDEA_LIMITS.comment, IDEA_COMMENT_BLANK),
});
export type CreateIdeaCommentBody = z.input<typeof createIdeaCommentBodySchema>;

/** GET /api/ideas/:id/interested (the idea's author and admins): who said 'I'm interested', newest first. */
export const interestedStudentSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  college: z.string().nullable(),
  profileColor: z.string(),
  interestedAt: z.string(),
});
export type InterestedStudent = z.infer<typeof interestedStudentSchema>;

/** POST and DELETE /api/ideas/:id/interest → the caller's interest after the call. */
export const ideaInterestResponseSchema = z.object({
  isInterested: z.boolean(),
  interestedCount: z.number().int(),
});
export type IdeaInterestResponse = z.infer<typeof ideaInterestResponseSchema>;
