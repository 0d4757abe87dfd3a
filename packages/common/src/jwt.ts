import { type KeyObject, createPublicKey, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** Claims every Quad token carries (ARCHITECTURE.md, Identity and access). */
export interface AccessClaims {
  sub: string;
  college: string | null;
  adm: boolean;
  jti: string;
  exp: number;
  iat: number;
}

export interface AuthContext {
  userId: string;
  collegeId: string | null;
  isAdmin: boolean;
  jti: string;
  expiresAt: Date;
  token: string;
}

const ALGORITHM = 'ES256';
const ISSUER = 'quad-auth';

/** Only the auth service holds a private key; it alone calls this. */
export function signAccessToken(
  privateKey: string,
  claims: { sub: string; college: string | null; adm: boolean },
  ttlSeconds: number,
): { token: string; jti: string; expiresAt: Date } {
  const jti = randomUUID();
  const token = jwt.sign({ college: claims.college, adm: claims.adm }, privateKey, {
    algorithm: ALGORITHM,
    subject: claims.sub,
    jwtid: jti,
    issuer: ISSUER,
    expiresIn: ttlSeconds,
  });
  return { token, jti, expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
}

/*
 * The hot path verifies the same few tokens over and over (a student's every request): the PEM is
 * parsed into a key once, and a verified token's claims are remembered until it expires, so a
 * repeat costs a map lookup instead of an ECDSA verification. Revocation is checked per request by
 * the caller (the Redis deny-list), never cached here.
 */
const keys = new Map<string, KeyObject>();
/** Per public key: verified tokens and what they say. */
const verifiedByKey = new Map<string, Map<string, AuthContext>>();
const VERIFIED_MAX = 20_000;

function keyOf(publicKey: string): KeyObject {
  let key = keys.get(publicKey);
  if (!key) {
    key = createPublicKey(publicKey);
    keys.set(publicKey, key);
  }
  return key;
}

/** Verifies signature, algorithm, issuer and expiry with the public key; null when any fails. */
export function verifyAccessToken(publicKey: string, token: string): AuthContext | null {
  let verified = verifiedByKey.get(publicKey);
  if (!verified) {
    verified = new Map();
    verifiedByKey.set(publicKey, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt.getTime() > Date.now()) return known;
    verified.delete(token);
  }
  const auth = verifyUncached(publicKey, token);
  if (auth) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, auth);
  }
  return auth;
}

function verifyUncached(publicKey: string, token: string): AuthContext | null {
  try {
    const claims = jwt.verify(token, keyOf(publicKey), { algorithms: [ALGORITHM], issuer: ISSUER }) as AccessClaims;
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return null;
    return {
      userId: claims.sub,
      collegeId: typeof claims.college === 'string' ? claims.college : null,
      isAdmin: claims.adm === true,
      jti: claims.jti,
      expiresAt: new Date(claims.exp * 1000),
      token,
    };
  } catch {
    return null;
  }
}
