import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_PORTS, type ServiceName } from '@quad/contracts';
import { type InfraPorts, infraEnv, portsFromEnv } from '@quad/infra-local';

export const REPO_ROOT = path.resolve(__dirname, '..');
export const INFRA_DIR = process.env.QUAD_INFRA_DIR ?? path.join(REPO_ROOT, '.infra');

/** Demo-only admin password; production sets ADMIN_PASSWORD in the Secret. */
export const DEV_ADMIN_PASSWORD = 'quad-admin-demo';

/**
 * The local signing key pair, made once into the git-ignored .infra/keys so tokens survive a
 * restart. Only the auth service receives the private key.
 */
export function devKeys(): { publicKey: string; privateKey: string } {
  const dir = path.join(INFRA_DIR, 'keys');
  const publicFile = path.join(dir, 'jwt-public.pem');
  const privateFile = path.join(dir, 'jwt-private.pem');
  if (!existsSync(publicFile) || !existsSync(privateFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { publicKey, privateKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(publicFile, publicKey);
    writeFileSync(privateFile, privateKey, { mode: 0o600 });
  }
  return { publicKey: readFileSync(publicFile, 'utf8'), privateKey: readFileSync(privateFile, 'utf8') };
}

export type Runnable = ServiceName | 'gateway';

/**
 * V8 settings of every service process. A larger young generation (64 MB semi-spaces instead of
 * 16): a request's garbage dies young, and fewer scavenges under load cost less; measured on the
 * forum's feed, about a tenth less CPU per request (bench/README.md). Production images should
 * pass the same.
 */
export const SERVICE_NODE_OPTIONS = '--max-semi-space-size=64';

/** `services/<name>/src/index.ts`: what a supervisor or an operator starts. */
export const serviceEntry = (name: Runnable) => path.join('services', name, 'src', 'index.ts');

/**
 * The environment a service (or the gateway) runs with against the local infrastructure: its
 * addresses and credentials (MongoDB, NATS, Redis, MinIO, SMTP), the dev key pair's public key,
 * `NODE_ENV=development` unless set, and `PORT`. Auth alone also gets the private key and the admin
 * password. The one builder behind `npm start` and `npm run service`, so a replica started by hand
 * runs exactly like the supervised one.
 */
export function serviceEnv(
  name: Runnable,
  options: { ports?: InfraPorts; port?: number; inherited?: NodeJS.ProcessEnv } = {},
): NodeJS.ProcessEnv {
  const inherited = options.inherited ?? process.env;
  const { publicKey, privateKey } = devKeys();
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    // The ports default to those `npm run infra:up` uses: the dev ports, moved by MONGO_PORT etc.
    ...infraEnv(options.ports ?? portsFromEnv(inherited)),
    NODE_ENV: inherited.NODE_ENV ?? 'development',
    NODE_OPTIONS: [inherited.NODE_OPTIONS, SERVICE_NODE_OPTIONS].filter(Boolean).join(' '),
    JWT_PUBLIC_KEY: publicKey,
    PORT: String(options.port ?? SERVICE_PORTS[name]),
  };
  // The signing key lives in auth only, even when the calling shell happens to hold one.
  delete env.JWT_PRIVATE_KEY;
  // A second gateway beside npm start's takes a free internal port (it logs which) instead of clashing.
  if (name === 'gateway' && !inherited.INTERNAL_PORT && options.port && options.port !== SERVICE_PORTS.gateway) {
    env.INTERNAL_PORT = '0';
  }
  if (name === 'auth') {
    env.JWT_PRIVATE_KEY = privateKey;
    env.ADMIN_PASSWORD = inherited.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD;
  }
  return env;
}

/**
 * Auth's environment for the seed's steps that write to its stores directly (campus-direct.ts,
 * confirm-direct.ts): serviceEnv's, with the stores' URLs replaced by QUAD_MONGO_URL, QUAD_NATS_URL
 * and QUAD_REDIS_URL where set (the compose stack's stores require passwords: `npm run containers`
 * sets them).
 */
export function directAuthEnv(inherited: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const stores = Object.fromEntries(
    (['MONGO_URL', 'NATS_URL', 'REDIS_URL'] as const).flatMap((name) => (inherited[`QUAD_${name}`] ? [[name, inherited[`QUAD_${name}`]]] : [])),
  );
  return { ...serviceEnv('auth', { ports: portsFromEnv(inherited), inherited }), ...stores, LOG_LEVEL: 'warn' };
}
