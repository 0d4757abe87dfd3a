import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';

/** argon2id with OWASP's minimum settings (19 MiB, 2 passes): strong, yet fast enough for a login burst. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

// Verified against when the account does not exist, so a wrong e-mail costs the same time as a
// wrong password and response times do not reveal which addresses are registered. Made as the
// module loads (the service's start), not by the first unknown e-mail: that one would otherwise
// pay for a hash and a verification, twice a wrong password's time.
const dummyHash: Promise<string> = hashPassword(randomBytes(16).toString('hex'));

/** Resolves once the stand-in hash for unknown e-mails is made (a start waits for it). */
export const passwordsReady: Promise<void> = dummyHash.then(() => undefined);

/** Verifies a password; with no hash it still runs one verification and answers false. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** True when a hash was made with older settings and should be replaced at the next sign-in. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, HASH_OPTIONS);
}
