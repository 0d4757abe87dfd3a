import { generateSecret } from 'otplib';
import { createUser, normaliseEmail } from './accounts';
import type { UserRecord } from '../models/user-model';
import type { AuthServiceContext } from './context';
import { hashPassword } from './passwords';

/**
 * A named admin for a demo campus, made directly (no invitation e-mail): with `twoFactor`, an
 * authenticator already set up whose secret is returned, so the demo can compute codes; without,
 * the first sign-in shows the QR code. Idempotent: an existing admin is found, not made again.
 */
export async function ensureDemoAdmin(
  deps: AuthServiceContext,
  admin: { email: string; firstName: string; lastName: string; password: string; twoFactor: boolean },
): Promise<{ userId: string; secret: string | null }> {
  const email = normaliseEmail(admin.email);
  const existing = await deps.models.User.findOne({ accountKey: email }).lean<UserRecord>();
  const user =
    existing ??
    (await createUser(deps, {
      accountKey: email,
      email,
      passwordHash: await hashPassword(admin.password),
      firstName: admin.firstName,
      lastName: admin.lastName,
      collegeId: null,
      isVerified: true,
      isAdmin: true,
    }));
  const userId = String(user._id);
  if (!admin.twoFactor) return { userId, secret: null };
  const factor =
    (await deps.secondFactors.find(userId)) ??
    (await deps.secondFactors.insert({ _id: userId, secret: generateSecret(), enabled: true, lastStep: 0, recoveryCodeHashes: [], enabledAt: new Date(), createdAt: new Date() }));
  return { userId, secret: factor.secret };
}
