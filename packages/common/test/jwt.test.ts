import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { keyIdOf, signAccessToken, verifyAccessToken } from '../src';

/** A fresh ES256 key pair, as `npm start` and the operators' rotation script make them. */
function keyPair() {
  return generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const claims = { sub: 'student-1', college: 'college-1', adm: false };
const sign = (privateKey: string, extra: Partial<typeof claims> = {}) => signAccessToken(privateKey, { ...claims, ...extra }, 3600).token;
const headerOf = (token: string) => jwt.decode(token, { complete: true })!.header;

describe('access tokens across a signing key rotation', () => {
  const previous = keyPair();
  const current = keyPair();
  const stranger = keyPair();
  /** JWT_PUBLIC_KEY during a rotation: the new key and the previous one, one PEM block after the other. */
  const duringRotation = `${current.publicKey}${previous.publicKey}`;

  test('when auth signs a token, then its header names the signing key by the id every verifier derives', () => {
    const token = sign(current.privateKey);

    expect(headerOf(token).kid).toBe(keyIdOf(createPublicKey(current.publicKey)));
    expect(keyIdOf(createPublicKey(previous.publicKey))).not.toBe(headerOf(token).kid);
  });

  test('when the public keys hold the new and the previous key, then a token signed by the previous key still verifies', () => {
    const issuedBeforeRotation = sign(previous.privateKey);

    const auth = verifyAccessToken(duringRotation, issuedBeforeRotation);

    expect(auth).toMatchObject({ userId: 'student-1', collegeId: 'college-1', isAdmin: false });
  });

  test('when the public keys hold the new and the previous key, then a token signed by the new key verifies', () => {
    expect(verifyAccessToken(duringRotation, sign(current.privateKey))?.userId).toBe('student-1');
  });

  test('when a token comes from a key outside the set, then it is refused, with or without a kid', () => {
    const withKid = sign(stranger.privateKey);
    const withoutKid = jwt.sign({ college: null, adm: true }, stranger.privateKey, {
      algorithm: 'ES256',
      subject: 'intruder',
      jwtid: 'jti-1',
      issuer: 'quad-auth',
      expiresIn: 3600,
    });

    expect(verifyAccessToken(duringRotation, withKid)).toBeNull();
    expect(verifyAccessToken(duringRotation, withoutKid)).toBeNull();
  });

  test("when a token names a trusted key's kid but another key signed it, then it is refused", () => {
    const forged = jwt.sign({ college: null, adm: true }, stranger.privateKey, {
      algorithm: 'ES256',
      keyid: keyIdOf(createPublicKey(previous.publicKey)),
      subject: 'intruder',
      jwtid: 'jti-2',
      issuer: 'quad-auth',
      expiresIn: 3600,
    });

    expect(verifyAccessToken(duringRotation, forged)).toBeNull();
  });

  test('when a token carries no kid (signed before tokens named their key), then any key of the set may verify it', () => {
    const legacy = jwt.sign({ college: 'college-1', adm: false }, previous.privateKey, {
      algorithm: 'ES256',
      subject: 'student-1',
      jwtid: 'jti-3',
      issuer: 'quad-auth',
      expiresIn: 3600,
    });

    expect(verifyAccessToken(duringRotation, legacy)?.userId).toBe('student-1');
  });

  test('when the previous key is retired, then its tokens are refused and the new ones still verify', () => {
    const old = sign(previous.privateKey);
    const fresh = sign(current.privateKey);

    expect(verifyAccessToken(current.publicKey, old)).toBeNull();
    expect(verifyAccessToken(current.publicKey, fresh)?.userId).toBe('student-1');
  });

  test('when the same token is verified twice, then the second answer is the same, and a caller changing its answer changes no later one', () => {
    const token = sign(current.privateKey, { adm: true });

    const first = verifyAccessToken(duringRotation, token);

    expect(first).not.toBeNull();
    expect(verifyAccessToken(duringRotation, token)).toEqual(first);
    // Authentication takes isAdmin off a removed admin's token for one call; Redis decides the next.
    first!.isAdmin = false;
    expect(verifyAccessToken(duringRotation, token)?.isAdmin).toBe(true);
  });

  test('when the public keys are not PEM at all, then every token is refused instead of throwing', () => {
    expect(verifyAccessToken('not a key', sign(current.privateKey))).toBeNull();
  });
});
