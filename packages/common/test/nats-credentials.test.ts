import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { connect } from 'nats';
import { connectNats, createLogger, natsConnectionOptions } from '../src';

/**
 * NATS_URL may carry a user and password (the Kubernetes local overlay's NATS requires them), and
 * nats.js itself ignores credentials in a URL: connectNats passes them on. Against a real
 * nats-server (the test suite's binary) started with a user and password.
 */
describe('NATS credentials in NATS_URL', () => {
  let server: ChildProcess;
  let port: number;
  const logger = createLogger('nats-credentials', 'silent');

  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const binary = path.resolve(__dirname, '../../../.infra/bin/nats-server');
    server = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '--user', 'quad', '--pass', 'p4ss:w@rd'], {
      stdio: 'ignore',
    });
    // Listening once a client without credentials is refused for them (not for a closed port).
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const refused = await connect({ servers: `nats://127.0.0.1:${port}` }).then(
        (connection) => connection.close().then(() => 'connected'),
        (error: Error) => error.message,
      );
      if (/Authorization/i.test(refused)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(() => {
    server.kill();
  });

  test('when NATS_URL names a user and password, then the service connects with them', async () => {
    const connection = await connectNats(
      `nats://quad:${encodeURIComponent('p4ss:w@rd')}@127.0.0.1:${port}`,
      'test',
      logger,
    );
    await connection.flush(); // a round trip to the server, signed in
    expect(connection.isClosed()).toBe(false);
    await connection.close();
  });

  test('when the password is wrong, then the connection is refused', async () => {
    // The options connectNats gives nats.js, without its retries.
    await expect(connect(natsConnectionOptions(`nats://quad:wrong@127.0.0.1:${port}`))).rejects.toThrow(
      /Authorization/i,
    );
  });

  test('when NATS_URL has no credentials, then it is passed on as it is', () => {
    expect(natsConnectionOptions('nats://nats:4222')).toEqual({ servers: 'nats://nats:4222' });
    expect(natsConnectionOptions('nats://quad:p4ss%3Aw%40rd@nats:4222')).toEqual({
      servers: 'nats://nats:4222',
      user: 'quad',
      pass: 'p4ss:w@rd',
    });
  });
});
