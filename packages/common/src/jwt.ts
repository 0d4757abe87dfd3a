import { type KeyObject, createHash, createPublicKey, randomUUID } from 'node:crypto';
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

/** Only the auth service holds a private key; it alone calls this. The token names its key (`kid`). */
export function signAccessToken(
  privateKey: string,
  claims: { sub: string; college: string | null; adm: boolean },
  ttlSeconds: number,
): { token: string; jti: string; expiresAt: Date } {
  const jti = randomUUID();
  const token = jwt.sign({ college: claims.college, adm: claims.adm }, privateKey, {
    algorithm: ALGORITHM,
    keyid: signingKeyId(privateKey),
    subject: claims.sub,
    jwtid: jti,
    issuer: ISSUER,
    expiresIn: ttlSeconds,
  });
  return { token, jti, expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
}

/**
 * A key's id: its RFC 7638 JWK thumbprint, so the signer and every verifier derive the same id from
 * the key itself and no id has to be configured beside it. ES256 keys are EC P-256 keys.
 */
export function keyIdOf(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty !== 'EC') throw new Error(`${ALGORITHM} needs an EC key, not ${jwk.kty}`);
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

const signingKeyIds = new Map<string, string>();

function signingKeyId(privateKey: string): string {
  let kid = signingKeyIds.get(privateKey);
  if (!kid) {
    kid = keyIdOf(createPublicKey(privateKey));
    signingKeyIds.set(privateKey, kid);
  }
  return kid;
}

/*
 * The hot path verifies the same few tokens over and over (a student's every request): the PEM is
 * parsed into keys once, and a verified token's claims are remembered until it expires, so a
 * repeat costs a map lookup instead of an ECDSA verification. Revocation is checked per request by
 * the caller (the Redis deny-list), never cached here.
 */
interface VerificationKey {
  kid: string;
  key: KeyObject;
}
const keySets = new Map<string, VerificationKey[]>();
/** Per public key set: verified tokens and what they say. */
const verifiedByKeySet = new Map<string, Map<string, AuthContext>>();
const VERIFIED_MAX = 20_000;
const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g;

/**
 * `publicKeys` is one PEM public key, or several one after another while the signing key is
 * rotated (the new key and the previous one, whose tokens stay valid until they expire).
 */
function keySetOf(publicKeys: string): VerificationKey[] {
  let keySet = keySets.get(publicKeys);
  if (!keySet) {
    keySet = (publicKeys.match(PEM_BLOCK) ?? []).map((pem) => {
      const key = createPublicKey(pem);
      return { kid: keyIdOf(key), key };
    });
    keySets.set(publicKeys, keySet);
  }
  return keySet;
}

/**
 * Verifies signature, algorithm, issuer and expiry with one of the public keys; null when any
 * fails. A token naming its key (`kid`) is checked with that key only, so a token from a key not
 * in the set is refused; a token without one (signed before tokens carried it) with each key.
 */
export function verifyAccessToken(publicKeys: string, token: string): AuthContext | null {
  let verified = verifiedByKeySet.get(publicKeys);
  if (!verified) {
    verified = new Map();
    verifiedByKeySet.set(publicKeys, verified);
  }
  const known = verified.get(token);
  if (known) {
    // A copy: a caller that changes what it got (authentication takes `isAdmin` off a removed
    // admin's token) must not change the next call's answer, which Redis decides afresh.
    if (known.expiresAt.getTime() > Date.now()) return { ...known };
    verified.delete(token);
  }
  const auth = verifyUncached(publicKeys, token);
  if (auth) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, auth);
  }
  return auth && { ...auth };
}

function verifyUncached(publicKeys: string, token: string): AuthContext | null {
  try {
    const kid = jwt.decode(token, { complete: true })?.header.kid;
    const keySet = keySetOf(publicKeys);
    const candidates = kid === undefined ? keySet : keySet.filter((key) => key.kid === kid);
    for (const { key } of candidates) {
      const auth = verifyWith(key, token);
      if (auth) return auth;
    }
    return null;
  } catch {
    return null;
  }
}

function verifyWith(key: KeyObject, token: string): AuthContext | null {
  try {
    const claims = jwt.verify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER }) as AccessClaims;
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
