import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import express from 'express';
import { KEEP_ALIVE_HINT_SECONDS, createLogger, installShutdown } from '../src';
import { startBalancer, waitFor } from '../src/testing';

const REPO_ROOT = path.resolve(__dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('graceful shutdown', () => {
  test('when a request is in flight at SIGTERM, then it completes and new connections are refused', async () => {
    const app = express();
    let arrived!: () => void;
    const received = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', (_req, res) => {
      arrived();
      setTimeout(() => res.send('done'), 300);
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as net.AddressInfo).port;
    const closed: string[] = [];
    let exitCode: number | undefined;
    const stop = installShutdown({
      server,
      logger: createLogger('test', 'silent'),
      timeoutMs: 5000,
      closers: [{ name: 'db', close: async () => void closed.push('db') }],
      exit: (code) => void (exitCode = code),
    });

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.text());
    // In flight means the server has it: a fixed wait lost the race on a loaded CI box, where the
    // request had not connected yet when the listener closed.
    await received;
    const stopping = stop();
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
    await expect(inFlight).resolves.toBe('done');
    await stopping;
    expect(closed).toEqual(['db']);
    expect(exitCode).toBeUndefined(); // stop() itself never exits; only the signal path does
  });

  test('when a keep-alive client sends its next request as the drain starts, then it is answered with Connection: close, not reset', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    server.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as net.AddressInfo).port;
    const stop = installShutdown({ server, logger: createLogger('test', 'silent'), timeoutMs: 5000, closers: [], exit: () => undefined });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, connection: 'keep-alive' });
      await new Promise((r) => setImmediate(r)); // the connection is back in the client's pool, idle
      const stopping = stop();
      // Before: the drain closed idle connections at once, and this request, on its way down one, was reset.
      expect(await get().catch((err: NodeJS.ErrnoException) => err.code)).toEqual({ status: 200, connection: 'close' });
      await stopping;
    } finally {
      agent.destroy();
    }
  });

  test('when keep-alive clients send POSTs down their idle connections all through the drain, over a link with latency, then every one is answered (Connection: close), none cut', async () => {
    const answer = (req: http.IncomingMessage, res: http.ServerResponse) => req.resume().on('end', () => res.end('{"ok":true}'));
    const [old, fresh] = [http.createServer(answer), http.createServer(answer)];
    for (const server of [old, fresh]) server.listen(0, '127.0.0.1');
    await Promise.all([old, fresh].map((server) => new Promise((r) => server.once('listening', r))));
    const urlOf = (server: http.Server) => ({ url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}` });
    const stop = installShutdown({ server: old, logger: createLogger('test', 'silent'), timeoutMs: 8000, closers: [], exit: () => undefined });
    // A rollout's balancer, 50 ms each way as between two hosts: a connection the server closes stays
    // open, as the client sees it, 50 ms more, and a request written meanwhile reaches the server after the close.
    const replicas = [urlOf(old)];
    const link = await startBalancer(replicas, { latencyMs: 50 });
    const { port } = new URL(link.url);
    // Each client a keep-alive pool of one connection, as a browser's or a proxy's pool holds many.
    const CLIENTS = 60;
    const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const post = (agent: http.Agent) =>
      new Promise<string>((resolve) => {
        const body = JSON.stringify({ postId: 'p1', content: 'a comment while the server drains' });
        http
          .request({ host: '127.0.0.1', port, method: 'POST', path: '/api/comments', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
            res.resume();
            res.on('end', () => resolve(`${res.statusCode} ${res.headers.connection}`));
          })
          .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message))
          .end(body);
      });
    try {
      expect(await Promise.all(agents.map(post))).toEqual(agents.map(() => '200 keep-alive'));
      // New connections go to the new replica, as in a rollout; the old one drains.
      replicas.splice(0, 1, urlOf(fresh));
      const stopping = stop();
      // One client after another, every 25 ms for the drain's first 1.5 s, sends its next POST down
      // its idle connection: the moment the server lets go of idle connections falls among them.
      const answers = await Promise.all(agents.map((agent, i) => new Promise((r) => setTimeout(r, i * 25)).then(() => post(agent))));
      // Before: the drain closed idle connections at the end of a 1 s grace, and the POSTs written
      // within 50 ms either side of it were cut (ECONNRESET); those after went to the new replica.
      expect(answers).toEqual(agents.map(() => '200 close'));
      await stopping;
    } finally {
      for (const agent of agents) agent.destroy();
      await link.close();
      fresh.close();
    }
  });

  test('when a fetch client keeps an idle connection at the drain, then it closes the connection itself within the keep-alive time it was told, and the drain ends then', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    server.keepAliveTimeout = 65_000; // as createAppServer's: far longer than any drain
    server.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const closedBy: string[] = [];
    server.on('connection', (socket: net.Socket) => {
      let clientEnded = false;
      socket.once('end', () => (clientEnded = true));
      socket.once('close', () => closedBy.push(clientEnded ? 'client' : 'server'));
    });
    const stop = installShutdown({ server, logger: createLogger('test', 'silent'), timeoutMs: 8000, closers: [], exit: () => undefined });
    const response = await fetch(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`);
    await response.text();
    expect(response.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_HINT_SECONDS}`);
    const started = Date.now();
    await stop();
    const stoppedMs = Date.now() - started;
    await waitFor(() => closedBy.length === 1); // the server's close comes a turn before its socket's
    // Before: the server closed it after its 1 s grace, while fetch still counted on it (65 s).
    expect(closedBy).toEqual(['client']);
    expect(stoppedMs).toBeLessThan(KEEP_ALIVE_HINT_SECONDS * 1000);
  });

  test('when a WebSocket peer never closes its side, then the drain cuts the socket after its grace instead of waiting for the timeout', async () => {
    const server = http.createServer();
    const stop = installShutdown({ server, logger: createLogger('test', 'silent'), timeoutMs: 8000, closers: [], exit: () => undefined });
    // An upgrade listener that keeps the socket, as a WebSocket server (or the gateway's proxy) does.
    server.on('upgrade', (_req, socket) => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'));
    server.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as net.AddressInfo).port;
    // A peer that never ends its side when the server ends its own (seen from clients in the middle of their own close).
    const peer = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const upgraded = new Promise((resolve) => peer.once('data', resolve));
    peer.write('GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    await upgraded;
    const ended = new Promise((resolve) => peer.once('end', resolve));
    const started = Date.now();
    await stop();
    const stoppedMs = Date.now() - started;
    await ended; // the server did end its side first
    peer.destroy();
    // Before: the half-open socket held the drain for the whole 8 s.
    expect(stoppedMs).toBeLessThan(4000);
  });

  test('when a dependency never finishes closing, then shutdown goes on after the timeout and closes the rest', async () => {
    const server = http.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const closed: string[] = [];
    const stop = installShutdown({
      server,
      logger: createLogger('test', 'silent'),
      timeoutMs: 300,
      closers: [
        { name: 'stuck', close: () => new Promise(() => undefined) },
        { name: 'db', close: async () => void closed.push('db') },
      ],
      exit: () => undefined,
    });
    const started = Date.now();
    await stop();
    expect(closed).toEqual(['db']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('when a real service process gets SIGTERM, then it exits 0 within 10 s', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/social/src/index.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'info', MONGO_DB: 'shutdown_test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok,
        { timeoutMs: 25_000, intervalMs: 200 },
      );
      // An idle keep-alive connection must not hold the process open.
      const agent = new http.Agent({ keepAlive: true });
      await new Promise((resolve) => http.get({ port, host: '127.0.0.1', path: '/healthz', agent }, (res) => res.resume().on('end', resolve)));
      const started = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(output).toMatch(/stopped/);
      agent.destroy();
    } finally {
      child.kill('SIGKILL');
    }
  });
});
