import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
  type TwoFactorChallenge,
  type TwoFactorEnrolment,
  type VerifyTwoFactorBody,
} from '@quad/contracts';
import { HttpError, unauthorized } from '@quad/common';
import type { SecondFactorRecord } from '../models/second-factor-model';
import type { UserRecord } from '../models/user-model';
import { audit } from './audit';
import type { AuthServiceContext } from './context';
import { type Session, issueSession } from './sessions';

/*
 * The second factor of named admins: TOTP (RFC 6238) through otplib, 30-second steps, one step of
 * clock drift either way, each step accepted once; or one of ten recovery codes, each spent once.
 * Sign-in with the right password answers a challenge (a random token kept in Redis for ten
 * minutes, five wrong codes at most) instead of a session; the code turns it into one.
 */

// otplib and qrcode load on the first second-factor call, not with every auth process: most never
// enrol an admin, and the two cost ~2 MB of an idle process's heap.
const totp = () => import('otplib');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A named admin (an account with a name, an e-mail and a password) must prove a second factor; bootstrap sessions cannot. */
export function needsSecondFactor(user: Pick<UserRecord, 'isAdmin' | 'isAnonymousAdmin'>): boolean {
  return user.isAdmin && !user.isAnonymousAdmin;
}

const challengeKey = (deps: AuthServiceContext, token: string) => `${deps.namespace}:2fa:challenge:${sha256(token)}`;

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());

async function enrolmentOf(deps: AuthServiceContext, user: UserRecord, secret: string): Promise<TwoFactorEnrolment> {
  const { generateURI } = await totp();
  const QRCode = (await import('qrcode')).default;
  const otpauthUrl = generateURI({ issuer: deps.config.TOTP_ISSUER, label: user.email ?? String(user._id), secret });
  return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/** The admin's authenticator record, made (not yet enabled) on the first sign-in that needs one. */
async function factorOf(deps: AuthServiceContext, userId: string): Promise<SecondFactorRecord> {
  const existing = await deps.secondFactors.find(userId);
  if (existing) return existing;
  try {
    const { generateSecret } = await totp();
    return await deps.secondFactors.insert({ _id: userId, secret: generateSecret(), enabled: false, lastStep: 0, recoveryCodeHashes: [], enabledAt: null, createdAt: new Date() });
  } catch (err) {
    // Two first sign-ins at once: the other made it.
    const made = await deps.secondFactors.find(userId);
    if (made) return made;
    throw err;
  }
}

/** What the right password earns a named admin: a challenge, with the authenticator to add if there is none yet. */
export async function startChallenge(deps: AuthServiceContext, user: UserRecord): Promise<TwoFactorChallenge> {
  const factor = await factorOf(deps, String(user._id));
  const challengeToken = randomBytes(32).toString('base64url');
  await deps.redis.set(challengeKey(deps, challengeToken), String(user._id), 'EX', TWO_FACTOR_CHALLENGE_TTL_SECONDS);
  return {
    twoFactorRequired: true,
    challengeToken,
    enrolment: factor.enabled ? null : await enrolmentOf(deps, user, factor.secret),
  };
}

/**
 * Answers a challenge with a code: a 6-digit TOTP (which also enables an authenticator just added,
 * and then makes the recovery codes, shown this once) or a recovery code (spent). Returns the
 * session; a wrong code is a 401, and after five the challenge is gone.
 */
export async function verifyChallenge(
  deps: AuthServiceContext,
  body: VerifyTwoFactorBody,
  ip: string | null,
): Promise<{ session: Session; user: UserRecord; recoveryCodes: string[] | null }> {
  const key = challengeKey(deps, body.challengeToken);
  const userId = await deps.redis.get(key);
  if (!userId) throw unauthorized(ADMIN_MESSAGES.challengeExpired);
  const attempts = await deps.redis.incr(`${key}:attempts`);
  if (attempts === 1) await deps.redis.expire(`${key}:attempts`, TWO_FACTOR_CHALLENGE_TTL_SECONDS);
  if (attempts > TWO_FACTOR_MAX_ATTEMPTS) {
    await deps.redis.del(key, `${key}:attempts`);
    throw new HttpError(429, ADMIN_MESSAGES.challengeExpired);
  }
  const user = await deps.users.find(userId);
  if (!user || !needsSecondFactor(user)) throw unauthorized(ADMIN_MESSAGES.challengeExpired);

  const code = body.code.trim();
  const isTotp = /^\d{6}$/.test(code.replace(/\s/g, ''));
  let accepted = false;
  let recoveryCodes: string[] | null = null;
  let usedRecoveryCode = false;
  const { verifySync } = await totp();
  await deps.secondFactors.update(userId, (factor) => {
    if (isTotp) {
      const result = verifySync({
        secret: factor.secret,
        token: code.replace(/\s/g, ''),
        epochTolerance: 30,
        ...(factor.lastStep > 0 ? { afterTimeStep: factor.lastStep } : {}),
      });
      // A TOTP verification names the 30-second step the code belongs to (the union type also covers HOTP).
      if (!result.valid || !('timeStep' in result)) return null;
      accepted = true;
      if (factor.enabled) return { lastStep: result.timeStep };
      recoveryCodes = newRecoveryCodes();
      return { lastStep: result.timeStep, enabled: true, enabledAt: new Date(), recoveryCodeHashes: recoveryCodes.map(recoveryHash) };
    }
    // Recovery codes stand in for an authenticator already set up, never for setting one up.
    const hash = recoveryHash(code);
    if (!factor.enabled || !factor.recoveryCodeHashes.includes(hash)) return null;
    accepted = true;
    usedRecoveryCode = true;
    return { recoveryCodeHashes: factor.recoveryCodeHashes.filter((stored) => stored !== hash) };
  });
  if (!accepted) {
    await audit(deps.models, { action: 'admin.two-factor-failed', actorId: userId, targetUserId: userId, ip });
    throw unauthorized(ADMIN_MESSAGES.codeInvalid);
  }
  await deps.redis.del(key, `${key}:attempts`);
  if (recoveryCodes) await audit(deps.models, { action: 'admin.two-factor-enabled', actorId: userId, targetUserId: userId, ip });
  if (usedRecoveryCode) await audit(deps.models, { action: 'admin.recovery-code-used', actorId: userId, targetUserId: userId, ip });
  return { session: issueSession(deps.config, user), user, recoveryCodes };
}

/** Whether each admin has an authenticator set up (the admins' list). */
export async function twoFactorEnabled(deps: AuthServiceContext, userIds: string[]): Promise<boolean[]> {
  const factors = await deps.secondFactors.findMany(userIds);
  return factors.map((factor) => Boolean(factor?.enabled));
}
