import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../src/config';

const schema = z.object({ JWT_PUBLIC_KEY: z.string(), LOG_LEVEL: z.string().default('info') });

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'quad-config-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('settings read from files (NAME_FILE)', () => {
  test('when NAME_FILE names a file, then NAME is its content, without the final newline', () => {
    const keyFile = path.join(dir, 'jwt-public.pem');
    writeFileSync(keyFile, '-----BEGIN PUBLIC KEY-----\nline\n-----END PUBLIC KEY-----\n');

    const config = loadConfig(schema, { JWT_PUBLIC_KEY_FILE: keyFile, LOG_LEVEL: 'debug' });

    expect(config).toEqual({
      JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nline\n-----END PUBLIC KEY-----',
      LOG_LEVEL: 'debug',
    });
  });

  test('when NAME and NAME_FILE are both set, then the service refuses to start', () => {
    const keyFile = path.join(dir, 'key');
    writeFileSync(keyFile, 'x');

    expect(() => loadConfig(schema, { JWT_PUBLIC_KEY: 'y', JWT_PUBLIC_KEY_FILE: keyFile })).toThrow(
      'both JWT_PUBLIC_KEY and JWT_PUBLIC_KEY_FILE are set',
    );
  });

  test('when NAME_FILE names no readable file, then the service refuses to start and names the file', () => {
    expect(() => loadConfig(schema, { JWT_PUBLIC_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow(
      /missing\.pem, which is not a readable file/,
    );
  });

  test("when another program's NAME_FILE is in the environment, then the service ignores it", () => {
    // As on machines with TF_CLI_CONFIG_FILE or SSL_CERT_FILE set: not settings of the service.
    const config = loadConfig(schema, {
      JWT_PUBLIC_KEY: 'x',
      TF_CLI_CONFIG_FILE: path.join(dir, 'missing.tfrc'),
      SSL_CERT_FILE: path.join(dir, 'missing.pem'),
    });
    expect(config).toEqual({ JWT_PUBLIC_KEY: 'x', LOG_LEVEL: 'info' });
  });
});
