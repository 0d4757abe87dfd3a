import { z } from 'zod';
import { LIMITS, PASSWORD_MIN_LENGTH } from './constants';
import { userSchema } from './auth';

/*
 * Named admins: an admin account has a name, an e-mail and a password and signs in like a
 * student, then proves a TOTP second factor (RFC 6238, 30 s, 6 digits) or spends a recovery code.
 * Admins invite admins by e-mail (the link works once, for 72 hours) and remove them (never the
 * last). The shared admin password stays as a bootstrap, off in production, and a session opened
 * through it carries an operator handle the audit log records with the address.
 */

/** How long an invitation link works. */
export const ADMIN_INVITE_TTL_HOURS = 72;
/** How long a sign-in may wait between the password and the code. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 10 * 60;
/** Wrong codes one challenge survives; then the password must be given again. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

export const ADMIN_MESSAGES = {
  operatorRequired: 'Please enter your operator handle.',
  operatorFormat: 'An operator handle is 2–40 letters, digits, dots, dashes or underscores.',
  bootstrapOff: 'Admin password sign-in is turned off. Sign in with your admin account.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app, or a recovery code.',
  codeInvalid: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  inviteNotFound: 'This invitation link is not valid.',
  inviteUsed: 'This invitation has already been used.',
  inviteExpired: 'This invitation has expired. Ask an admin for a new one.',
  emailTaken: 'An account with this e-mail already exists.',
  adminNotFound: 'Admin not found.',
  lastAdmin: 'The last admin cannot be removed.',
  notNamedAdmin: 'Only admin accounts with a name can be removed here.',
} as const;

/** POST /api/auth/2fa/verify: the challenge from sign-in (or from accepting an invitation) and a code. */
export const verifyTwoFactorBodySchema = z.object({
  challengeToken: z.string({ error: ADMIN_MESSAGES.challengeExpired }).min(1, ADMIN_MESSAGES.challengeExpired).max(200),
  code: z
    .string({ error: ADMIN_MESSAGES.codeRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.codeRequired)
    .max(40, ADMIN_MESSAGES.codeInvalid),
});
export type VerifyTwoFactorBody = z.input<typeof verifyTwoFactorBodySchema>;

/** A new authenticator to add: the secret, its otpauth:// address and that address as a QR code (PNG data URL). */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/**
 * What sign-in answers for an admin account instead of a session: a challenge to answer with a
 * code; with `enrolment` when the account has no authenticator yet (the first code sets it up).
 */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
  enrolment: twoFactorEnrolmentSchema.nullable(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** A verified second factor: the session; the recovery codes only when the authenticator was just set up (shown once). */
export const verifyTwoFactorResponseSchema = z.object({
  authToken: z.string(),
  user: userSchema,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type VerifyTwoFactorResponse = z.infer<typeof verifyTwoFactorResponseSchema>;

const personName = (label: string) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(LIMITS.name);

/** POST /api/admin/admins/invites. */
export const inviteAdminBodySchema = z.object({
  email: z.string({ error: 'Email is required.' }).trim().min(1, 'Email is required.').max(254).email('Please enter a valid email address.'),
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type InviteAdminBody = z.input<typeof inviteAdminBodySchema>;

export const adminInviteSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  expiresAt: z.string(),
  /** The inviting admin's name. */
  invitedBy: z.string(),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

/** POST /api/admin/admins/invites/{token}/accept: the new admin's password; answers a challenge with enrolment. */
export const acceptInviteBodySchema = z.object({
  password: z
    .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(200, 'Password must be at most 200 characters.'),
});
export type AcceptInviteBody = z.input<typeof acceptInviteBodySchema>;

/** One named admin as GET /api/admin/admins lists them. */
export const namedAdminSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type NamedAdmin = z.infer<typeof namedAdminSchema>;
