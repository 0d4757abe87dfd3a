import { z } from 'zod';
import { GRADUATION_YEAR_RANGE, INTERESTS, LIMITS, PASSWORD_MIN_LENGTH, PROFILE_COLOR_VALUES } from './constants';
import { INVISIBLE_CHARACTERS } from './text';

/** An optional free-text field: trimmed, too long answers a message that names the field and its limit. */
const trimmed = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);

/** NUL and the other C0 and C1 control characters: never part of a name, refused rather than hidden. */
// oxlint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
export const NAME_CONTROL_CHARACTERS_MESSAGE = 'Names cannot contain control characters.';
export const NAME_TOO_LONG_MESSAGE = `Names must be at most ${LIMITS.name} characters.`;

/**
 * A first or last name: control characters refused, invisible and direction-changing characters
 * removed (a right-to-left override makes "Ada\u202Enimda" read "Adaadmin"), then trimmed, 1 to LIMITS.name characters, composed (NFC) so one name has one spelling.
 */
export const personNameSchema = (requiredMessage: string) =>
  z
    .string()
    .refine((name) => !CONTROL_CHARACTERS.test(name), NAME_CONTROL_CHARACTERS_MESSAGE)
    .transform((name) => name.replace(INVISIBLE_CHARACTERS, '').normalize('NFC').trim())
    .pipe(z.string().min(1, requiredMessage).max(LIMITS.name, NAME_TOO_LONG_MESSAGE));

export const collegeSchema = z.object({ id: z.string(), name: z.string(), initials: z.string() });
export type College = z.infer<typeof collegeSchema>;

/** The current user as GET /api/auth/user, login and profile updates return it (spec section 3, User). */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  college: z.string().nullable(),
  collegeId: z.string().nullable(),
  collegeInitials: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  profileColor: z.string(),
  isAdmin: z.boolean(),
  isAnonymousAdmin: z.boolean(),
  isVerified: z.boolean(),
  /** The address has been confirmed by its link; until then the account reads but cannot write. */
  emailConfirmed: z.boolean(),
  tutorialCompleted: z.boolean(),
  subscriptionExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').max(254).email('Please enter a valid email address.'),
  password: z.string().min(1, 'Password is required.').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').max(254).email('Please enter a valid email address.'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(200, 'Password must be at most 200 characters.'),
  firstName: personNameSchema('First name is required.'),
  lastName: personNameSchema('Last name is required.'),
  /** College id; the web sends it as a string (spec section 3). */
  college: z.coerce.string().trim().min(1, 'Please select your college.'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** What an admin with the shared password calls themself, recorded in the audit log with their address. */
export const operatorHandleSchema = z
  .string({ error: 'Please enter your operator handle.' })
  .trim()
  .min(1, 'Please enter your operator handle.')
  .regex(/^[A-Za-z0-9._-]{2,40}$/, 'An operator handle is 2–40 letters, digits, dots, dashes or underscores.');

export const registerAdminBodySchema = z.object({
  adminPassword: z.string().min(1, 'Please enter the admin password.').max(200),
  /** Who opens this bootstrap session (the shared password names nobody): see admins.ts. */
  operator: operatorHandleSchema,
});

export const authResponseSchema = z.object({ authToken: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const adminAuthResponseSchema = z.object({ adminToken: z.string(), user: userSchema });
export type AdminAuthResponse = z.infer<typeof adminAuthResponseSchema>;

export const completeProfileBodySchema = z.object({
  firstName: personNameSchema('Please enter both your first and last name.'),
  lastName: personNameSchema('Please enter both your first and last name.'),
});

/**
 * POST /api/profile/update is multipart: every field arrives as a string. One of three shapes:
 * a photo (file field profileImage), a colour (profileColor, optionally removeProfileImage='true'),
 * or the full edit (names, bio, major, graduationYear, interests as a JSON string, profileColor).
 */
export const profileUpdateFieldsSchema = z.object({
  firstName: personNameSchema('First name and last name are required').optional(),
  lastName: personNameSchema('First name and last name are required').optional(),
  bio: trimmed('Bio', LIMITS.bio).optional(),
  major: trimmed('Major', LIMITS.major).optional(),
  graduationYear: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Graduation year must be a 4-digit year.')
    .refine(
      (year) => Number(year) >= GRADUATION_YEAR_RANGE.min && Number(year) <= GRADUATION_YEAR_RANGE.max,
      `Graduation year must be between ${GRADUATION_YEAR_RANGE.min} and ${GRADUATION_YEAR_RANGE.max}.`,
    )
    .optional()
    .or(z.literal('')),
  interests: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      try {
        const parsed = z.array(z.enum(INTERESTS)).max(INTERESTS.length).parse(JSON.parse(raw));
        return [...new Set(parsed)];
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Interests must be chosen from the list.' });
        return z.NEVER;
      }
    }),
  profileColor: z.enum(PROFILE_COLOR_VALUES, { message: 'Please choose one of the profile colours.' }).optional(),
  removeProfileImage: z.enum(['true', 'false']).optional(),
});
export type ProfileUpdateFields = z.input<typeof profileUpdateFieldsSchema>;

export const profileStatsSchema = z.object({
  totalPosts: z.number(),
  totalComments: z.number(),
  totalFriends: z.number(),
});

export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  bio: z.string(),
  major: z.string(),
  graduationYear: z.number().nullable(),
  interests: z.array(z.string()),
  profileColor: z.string(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  collegeName: z.string().nullable(),
  collegeInitials: z.string().nullable(),
  stats: profileStatsSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/debug/session: what the session is, never the token itself. */
export const debugSessionSchema = z.object({
  authenticated: z.boolean(),
  userId: z.string().nullable(),
  isAdmin: z.boolean(),
  source: z.enum(['bearer', 'cookie', 'none']),
  expiresAt: z.string().nullable(),
  cookieNames: z.array(z.string()),
});

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  college: z.string().nullable(),
  collegeId: z.string().nullable(),
  isAdmin: z.boolean(),
  subscriptionExpiresAt: z.string().nullable(),
  /** Derived from the expiry at the time of the answer. */
  subscriptionState: z.enum(['active', 'expired', 'none']),
  /** A ban in force. */
  isBanned: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const changeCollegeBodySchema = z.object({
  userId: z.string().trim().min(1, 'Please select both a user and college.'),
  collegeId: z.coerce.string().trim().min(1, 'Please select both a user and college.'),
});

/** Body of every 403 for a banned user. */
export const suspendedBodySchema = z.object({
  message: z.literal('Account suspended'),
  reason: z.string(),
  expiresAt: z.string().nullable(),
});
export type SuspendedBody = z.infer<typeof suspendedBodySchema>;

/** Every error body: {message}. */
export const errorBodySchema = z.object({ message: z.string() });

/** Messages the auth service answers with (besides validation), so the web can match on them. */
export const AUTH_MESSAGES = {
  emailExists: 'Email already exists.',
  invalidCredentials: 'Invalid email or password.',
  invalidAdminPassword: 'Invalid admin password.',
  unknownCollege: 'Please select a valid college.',
  userNotFound: 'User not found.',
  adminHasNoCollege: 'Admins do not belong to a college; only students can be moved.',
} as const;

/** GET /api/colleges: every college, sorted by name. */
export const collegeListSchema = z.array(collegeSchema);

/** POST /api/tutorial/complete. */
export const tutorialCompleteResponseSchema = z.object({ tutorialCompleted: z.literal(true), user: userSchema });
export type TutorialCompleteResponse = z.infer<typeof tutorialCompleteResponseSchema>;

/** GET /api/admin/users: every account, newest first. */
export const adminUserListSchema = z.array(adminUserSchema);
export type DebugSession = z.infer<typeof debugSessionSchema>;
