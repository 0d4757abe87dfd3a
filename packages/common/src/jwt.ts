import { randomUUID } from 'node:crypto';
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

/** Verifies signature, algorithm, issuer and expiry with the public key; null when any fails. */
export function verifyAccessToken(publicKey: string, token: string): AuthContext | null {
  try {
    const claims = jwt.verify(token, publicKey, { algorithms: [ALGORITHM], issuer: ISSUER }) as AccessClaims;
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
