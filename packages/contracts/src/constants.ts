/** Business constants of spec section 9, shared by server and web. */
export const PRODUCT_NAME = 'Quad';
export const TAGLINE = 'Your college community platform';
export const SIDEBAR_SUBTITLE = 'College Community';
export const SUPPORT_EMAIL = 'support@quad.app';
export const SUBSCRIPTION_PRICE_USD = 10;
export const PASSWORD_MIN_LENGTH = 8; // spec says 3; ARCHITECTURE.md raises it to 8 (NIST SP 800-63B)
export const DEFAULT_PROFILE_COLOR = '#3B82F6';

export const PROFILE_COLORS = [
  { name: 'Blue', value: '#3B82F6' },
  { name: 'Green', value: '#10B981' },
  { name: 'Purple', value: '#8B5CF6' },
  { name: 'Pink', value: '#EC4899' },
  { name: 'Orange', value: '#F59E0B' },
  { name: 'Red', value: '#EF4444' },
  { name: 'Indigo', value: '#6366F1' },
  { name: 'Teal', value: '#14B8A6' },
] as const;
export const PROFILE_COLOR_VALUES = PROFILE_COLORS.map((c) => c.value) as [string, ...string[]];

export const INTERESTS = [
  'Computer Science', 'Engineering', 'Business', 'Medicine', 'Arts', 'Music', 'Sports', 'Photography',
  'Writing', 'Travel', 'Gaming', 'Fitness', 'Cooking', 'Reading', 'Movies', 'Technology', 'Science', 'Politics',
] as const;

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Browser storage keys (spec section 3). */
export const STORAGE_KEYS = {
  userToken: 'userToken',
  adminToken: 'adminToken',
  userDevice: 'userDevice',
  deviceType: 'deviceType',
  themePreference: 'themePreference',
} as const;

/** Cookie that carries the same JWT as the bearer token, so POST /api/logout (a form post from the page) can end the session. */
export const AUTH_COOKIE = 'quad_session';

/** Image uploads: 5 MB before re-encoding. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Content length limits (spec leaves them open; chosen here and documented in the README). */
export const LIMITS = {
  postTitle: 200,
  postContent: 10000,
  comment: 2000,
  message: 2000,
  bio: 500,
  major: 100,
  name: 50,
} as const;

/** The graduation years a profile accepts (Edit Profile's year input and the server alike). */
export const GRADUATION_YEAR_RANGE = { min: 1950, max: 2100 } as const;

/** Group chats: members counting the owner (issue 23: 3–50), and the name's length. */
export const GROUP_LIMITS = {
  minMembers: 3,
  maxMembers: 50,
  name: 60,
} as const;

export const BAN_DURATION_HOURS = [1, 6, 24, 72, 168, 720] as const;
export const MANUAL_SUBSCRIPTION_MONTHS = [1, 3, 6, 12] as const;

/*
 * Forum values the web needs without the forum schemas: kept here, in a module without zod, so
 * importing them keeps zod out of the web's main bundle.
 */
/** Response header of GET /api/posts carrying the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const CREATE_POST_BLANK = 'Please fill in all required fields.';
export const TOPIC_REQUIRED = 'Please choose a topic.';
export const EDIT_POST_BLANK = 'Both title and content are required.';
export const COMMENT_BLANK = 'Comment cannot be empty.';

/* Kept here, not in auth.ts with its schemas, so the web's entry can use them without zod. */
/** Whole minutes until a refused attempt may be retried, from a 429's `Retry-After` seconds: rounded up, at least 1. */
export function retryAfterMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** What a refused sign-in, registration or admin attempt says, on the server and in the web alike. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = retryAfterMinutes(retryAfterSeconds);
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * The colour scheme a student chose: the device's own setting, or always light or dark. Here, not
 * beside the settings schemas: the web's first screen reads it, and constants.ts carries no zod.
 */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/**
 * How every admin is shown to students: staff are named to each other, never to students. Here,
 * without zod, because the suspension screen (part of the web's first download) shows it.
 */
export const NEUTRAL_ADMIN_LABEL = 'Quad admin';
