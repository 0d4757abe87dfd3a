import { generateKeyPairSync } from 'node:crypto';
import { loadServiceConfig } from '../src/config';

const required = {
  JWT_PUBLIC_KEY: 'public',
  JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
  ADMIN_PASSWORD: 'long-enough',
  S3_ACCESS_KEY: 'minio',
  S3_SECRET_KEY: 'minio-secret',
};

/** Production refuses keys that are not real PEM keys (packages/common config): a real pair for it. */
const keyPair = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const production = { ...required, NODE_ENV: 'production', JWT_PUBLIC_KEY: keyPair.publicKey, JWT_PRIVATE_KEY: keyPair.privateKey };

describe('auth config', () => {
  test('when only the required settings are given, then the defaults apply', () => {
    const config = loadServiceConfig({ ...required });

    expect(config).toMatchObject({
      PORT: 4001,
      TOKEN_TTL_SECONDS: 7 * 24 * 3600,
      COOKIE_SECURE: false,
      RATE_LIMIT_WINDOW_SECONDS: 900,
      RATE_LIMIT_LOGIN_PER_IP: 100,
      RATE_LIMIT_LOGIN_PER_ACCOUNT: 10,
      RATE_LIMIT_REGISTER_WINDOW_SECONDS: 3600,
      RATE_LIMIT_REGISTER_PER_IP: 1000,
      RATE_LIMIT_ADMIN_PER_IP: 10,
    });
    expect(config.JWT_PRIVATE_KEY).toBe('-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----');
  });

  test('when running in production without COOKIE_SECURE, then cookies are Secure; an explicit value wins', () => {
    expect(loadServiceConfig(production).COOKIE_SECURE).toBe(true);
    expect(loadServiceConfig({ ...production, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadServiceConfig({ ...required, COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
  });

  test('when the admin password is short or the private key missing, then the service refuses to start', () => {
    expect(() => loadServiceConfig({ ...required, ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadServiceConfig({ ...required, JWT_PRIVATE_KEY: undefined })).toThrow(/JWT_PRIVATE_KEY/);
    expect(() => loadServiceConfig({ ...required, RATE_LIMIT_LOGIN_PER_IP: '0' })).toThrow(
      /RATE_LIMIT_LOGIN_PER_IP/,
    );
  });

  test('when production is given placeholder secrets or keys that are not PEM keys, then it refuses to start and names each', () => {
    expect(() => loadServiceConfig({ ...production, ADMIN_PASSWORD: 'quad-admin-demo' })).toThrow(
      /ADMIN_PASSWORD: a placeholder or publicly known value/,
    );
    expect(() => loadServiceConfig({ ...production, S3_SECRET_KEY: 'local-placeholder-s3-secret' })).toThrow(/S3_SECRET_KEY/);
    expect(() =>
      loadServiceConfig({ ...production, JWT_PUBLIC_KEY: 'local-placeholder: run infra/k8s/jwt-keys.sh init' }),
    ).toThrow(/JWT_PUBLIC_KEY/);
    expect(() => loadServiceConfig({ ...production, JWT_PRIVATE_KEY: required.JWT_PRIVATE_KEY })).toThrow(
      /JWT_PRIVATE_KEY: not a PEM private key/,
    );
    // The same values are accepted outside production (local development and tests).
    expect(loadServiceConfig({ ...required, ADMIN_PASSWORD: 'quad-admin-demo' }).ADMIN_PASSWORD).toBe('quad-admin-demo');
  });
});
