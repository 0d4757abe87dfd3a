// LOCAL ONLY. docker-compose.yml's one-shot `keys` service runs this in the official node image:
// it makes the ES256 signing key pair once, the public key into one volume and the private key into
// another (both kept across restarts, so sign-ins survive `docker compose down` and `up`; `down -v`
// drops them). Services read the files through JWT_PUBLIC_KEY_FILE / JWT_PRIVATE_KEY_FILE
// (packages/common config); auth alone mounts the private key's volume. Anywhere real,
// operators provide their own keys (README, "Operators (Kubernetes)").
import { generateKeyPairSync } from 'node:crypto';
import { chownSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The distroless `nonroot` user the service images run as. */
const SERVICE_UID = 65532;

const [publicDir, privateDir] = process.argv.slice(2);
if (!publicDir || !privateDir) {
  console.error('usage: node local-keys.mjs <public key directory> <private key directory>');
  process.exit(2);
}
const publicFile = path.join(publicDir, 'jwt-public.pem');
const privateFile = path.join(privateDir, 'jwt-private.pem');

if (existsSync(publicFile) && existsSync(privateFile)) {
  console.log(`keeping the local JWT key pair (${publicFile}, ${privateFile})`);
} else {
  const { publicKey, privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  writeFileSync(privateFile, privateKey, { mode: 0o400 });
  writeFileSync(publicFile, publicKey, { mode: 0o444 });
  // Run as root in compose (a fresh volume is root's); hand the files to the services' user.
  if (process.getuid?.() === 0) {
    for (const file of [privateFile, publicFile]) chownSync(file, SERVICE_UID, SERVICE_UID);
  }
  console.log(`made a local-only JWT key pair (${publicFile}, ${privateFile})`);
}
