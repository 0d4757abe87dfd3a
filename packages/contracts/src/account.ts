import { z } from 'zod';

/**
 * A student's own account: confirming the e-mail address (the mailbox proof behind the Verified
 * badge and the right to write), downloading everything they made, and deleting the account.
 */

/** How long a confirmation link works. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 48;
/** Confirmation e-mails one account may ask for again within an hour. */
export const EMAIL_CONFIRMATION_RESENDS_PER_HOUR = 3;

/** What the services answer when a student may not write yet, and what the confirmation calls answer. */
export const VERIFY_MESSAGES = {
  /** Every write of an account whose address is not confirmed (403, with `code: 'email-unconfirmed'`). */
  confirmEmailFirst: 'Confirm your e-mail address to post, comment, message or vote. Check your inbox for the link, or send a new one.',
  /** A confirmed address that is not at the student's college (403, `code: 'college-address-required'`). */
  collegeAddressRequired: 'Only students with a confirmed address at their college can post, comment, message or vote.',
  linkNotFound: 'This confirmation link is not valid.',
  linkUsed: 'This confirmation link has already been used.',
  linkExpired: 'This confirmation link has expired. Sign in and send a new one.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  noAddress: 'This account has no e-mail address to confirm.',
} as const;

/** The `code` a refused write carries, so the web can tell it from other 403s. */
export const WRITE_REFUSAL_CODES = { unconfirmed: 'email-unconfirmed', notCollegeAddress: 'college-address-required' } as const;

/** POST /api/auth/verify-email {token}: the token from the e-mailed link. */
export const verifyEmailBodySchema = z.object({ token: z.string().trim().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;
export const verifyEmailResponseSchema = z.object({ email: z.string(), isVerified: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /api/auth/verify-email/resend: where the new link went. */
export const resendConfirmationResponseSchema = z.object({ sentTo: z.string() });
export type ResendConfirmationResponse = z.infer<typeof resendConfirmationResponseSchema>;

/** The words a student types to confirm deleting their account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'The password is not right.',
  typeToConfirm: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.`,
  adminsCannotDelete: 'Admin accounts are removed by another admin, not deleted here.',
  deleted: 'Your account has been deleted.',
} as const;

/** DELETE /api/account {password, confirmation}. */
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1, 'Password is required.').max(200),
  confirmation: z.string().refine((typed): boolean => typed === DELETE_ACCOUNT_CONFIRMATION, ACCOUNT_MESSAGES.typeToConfirm),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const deleteAccountResponseSchema = z.object({ message: z.string() });

/** The display name every service shows for a deleted account. */
export const DELETED_USER_NAME = { firstName: 'Deleted', lastName: 'user' } as const;

/**
 * GET /api/account/export: one JSON document, a section per owning service (each asked over its
 * internal export endpoint), plus the list of the student's images (downloaded as a zip with
 * `?format=zip`).
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  userId: z.string(),
  sections: z.record(z.string(), z.record(z.string(), z.unknown())),
  images: z.array(z.object({ key: z.string(), service: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
/** GET /api/account/export?format=json|zip. */
export const exportQuerySchema = z.object({ format: z.enum(['json', 'zip']).default('json') });

/** What one service's internal export endpoint answers: its records of the student, and the object keys of their images. */
export const serviceExportSchema = z.object({
  records: z.record(z.string(), z.unknown()),
  images: z.array(z.string()).default([]),
});
export type ServiceExport = z.infer<typeof serviceExportSchema>;
