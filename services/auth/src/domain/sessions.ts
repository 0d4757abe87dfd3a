import { type AuthContext, type Redis, denyToken, signAccessToken, verifyAccessToken } from '@quad/common';
import type { Config } from '../config';
import type { UserRecord } from '../models/user-model';

export interface Session {
  token: string;
  expiresAt: Date;
}

/** Signs the access token: user id, college, admin flag and a fresh jti (ARCHITECTURE.md, Identity and access). */
export function issueSession(config: Config, user: UserRecord): Session {
  const { token, expiresAt } = signAccessToken(
    config.JWT_PRIVATE_KEY,
    { sub: String(user._id), college: user.collegeId, adm: user.isAdmin },
    config.TOKEN_TTL_SECONDS,
  );
  return { token, expiresAt };
}

/**
 * Ends a session: every given token that is genuinely ours has its jti deny-listed until it
 * would have expired. Both the bearer and the cookie token count, since a page load sends the
 * cookie while the web app holds the same or an older token in storage.
 */
export async function endSession(
  redis: Redis,
  publicKey: string,
  authenticated: AuthContext | undefined,
  otherTokens: Array<string | undefined>,
): Promise<void> {
  const sessions = [
    authenticated,
    ...otherTokens.map((token) => (token ? verifyAccessToken(publicKey, token) : null)),
  ];
  const seen = new Set<string>();
  for (const session of sessions) {
    if (!session || seen.has(session.jti)) continue;
    seen.add(session.jti);
    await denyToken(redis, session.jti, session.expiresAt);
  }
}

/** What the debug page may show about a session: never a token value. */
export function describeSession(
  auth: AuthContext | undefined,
  presented: 'bearer' | 'cookie' | 'none',
  cookieNames: string[],
) {
  return {
    authenticated: Boolean(auth),
    userId: auth?.userId ?? null,
    isAdmin: auth?.isAdmin ?? false,
    source: presented,
    expiresAt: auth?.expiresAt.toISOString() ?? null,
    cookieNames,
  };
}
