import { createLogger, createRedis } from '@quad/common';
import { freePort } from '@quad/common/src/testing/service-process';
import { publishFailuresLogged } from '../src/realtime/socket-server';

/**
 * The socket adapter publishes every broadcast without handling the promise: a publish that fails
 * (a command timeout on a slow Redis) was an unhandled rejection, which stops a chat replica. Its
 * publisher logs the failure instead, and everything else is the service's own client.
 */
describe("the socket adapter's publisher", () => {
  test('when a publish fails, then it answers 0 receivers and logs it instead of rejecting', async () => {
    // Nothing listens there: every command fails (at the latest at its 200 ms timeout).
    const redis = createRedis(`redis://127.0.0.1:${await freePort()}`, { commandTimeoutMs: 200 });
    redis.on('error', () => undefined);
    const lines: string[] = [];
    const logger = createLogger('chat', 'warn', { format: 'json', destination: { write: (line: string) => void lines.push(line) } });
    const pub = publishFailuresLogged(redis, logger);

    await expect(redis.publish('socket.io#room', 'x')).rejects.toThrow();
    await expect(pub.publish('socket.io#room', 'x')).resolves.toBe(0);
    expect(lines.join('')).toMatch(/a broadcast was not published/);
    // The rest is the client itself.
    expect(pub.options.port).toBe(redis.options.port);
    expect(pub.status).toBe(redis.status);
    redis.disconnect();
  }, 15_000);
});
