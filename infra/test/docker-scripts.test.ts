/**
 * Compose's local key maker, run here as it runs in a container. (The `*_FILE` convention it relies
 * on is packages/common's config: packages/common/test/config.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signAccessToken, verifyAccessToken } from '@quad/common';
import { INFRA_DIR } from './service-settings';

const LOCAL_KEYS = path.join(INFRA_DIR, 'docker', 'local-keys.mjs');

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'quad-docker-scripts-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

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
