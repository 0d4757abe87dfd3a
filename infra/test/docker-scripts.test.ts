/**
 * The two scripts the containers run besides the services: the image's entrypoint (the `*_FILE`
 * convention) and compose's local key maker. Both run here as they run in a container.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signAccessToken, verifyAccessToken } from '@quad/common';
import { INFRA_DIR } from './service-settings';

const ENTRYPOINT = path.join(INFRA_DIR, 'docker', 'entrypoint.sh');
const LOCAL_KEYS = path.join(INFRA_DIR, 'docker', 'local-keys.mjs');
const printEnvironment = ['node', '-e', 'process.stdout.write(JSON.stringify(process.env))'];

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'quad-docker-scripts-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function runEntrypoint(environment: Record<string, string>) {
  return spawnSync('sh', [ENTRYPOINT, ...printEnvironment], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH!, ...environment },
  });
}

describe('the image entrypoint', () => {
  test('when NAME_FILE names a file, then the service gets NAME with its content and no NAME_FILE', () => {
    const keyFile = path.join(dir, 'jwt-public.pem');
    writeFileSync(keyFile, '-----BEGIN PUBLIC KEY-----\nline\n-----END PUBLIC KEY-----\n');

    const result = runEntrypoint({ JWT_PUBLIC_KEY_FILE: keyFile, LOG_LEVEL: 'info' });

    const environment = JSON.parse(result.stdout) as Record<string, string>;
    expect(environment.JWT_PUBLIC_KEY).toBe('-----BEGIN PUBLIC KEY-----\nline\n-----END PUBLIC KEY-----');
    expect(environment.JWT_PUBLIC_KEY_FILE).toBeUndefined();
    expect(environment.LOG_LEVEL).toBe('info');
  });

  test('when NAME and NAME_FILE are both set, then it refuses to start', () => {
    const keyFile = path.join(dir, 'key');
    writeFileSync(keyFile, 'x');

    const result = runEntrypoint({ JWT_PUBLIC_KEY: 'y', JWT_PUBLIC_KEY_FILE: keyFile });

    expect(result.status).toBe(1);
    expect(result.stderr).toContain('both JWT_PUBLIC_KEY and JWT_PUBLIC_KEY_FILE are set');
  });

  test('when NAME_FILE names no readable file, then it refuses to start and names the file', () => {
    const result = runEntrypoint({ JWT_PUBLIC_KEY_FILE: path.join(dir, 'missing.pem') });

    expect(result.status).toBe(1);
    expect(result.stderr).toContain('missing.pem, which is not a readable file');
  });
});

describe("compose's local key maker", () => {
  test('when run twice, then it makes one key pair that signs and verifies, and keeps it', () => {
    const publicDir = path.join(dir, 'public');
    const privateDir = path.join(dir, 'private');
    mkdirSync(publicDir);
    mkdirSync(privateDir);
    const makeKeys = () => execFileSync('node', [LOCAL_KEYS, publicDir, privateDir], { encoding: 'utf8' });

    makeKeys();
    const publicKey = readFileSync(path.join(publicDir, 'jwt-public.pem'), 'utf8');
    const privateKey = readFileSync(path.join(privateDir, 'jwt-private.pem'), 'utf8');
    makeKeys();

    const { token } = signAccessToken(privateKey, { sub: 'student-1', college: null, adm: false }, 60);
    expect(verifyAccessToken(publicKey, token)?.userId).toBe('student-1');
    expect(readFileSync(path.join(publicDir, 'jwt-public.pem'), 'utf8')).toBe(publicKey);
    expect(statSync(path.join(privateDir, 'jwt-private.pem')).mode & 0o777).toBe(0o400);
  });
});
