import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
