import { Agent, type Server, createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { UpstreamAgent, roundRobinLookup } from '../src/upstream-agent';

/** GET / through `agent`: the answer's body. */
function bodyOf(agent: Agent, host: string, port: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const req = request({ agent, host, port, path: '/' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The gateway's connections to a service retire after an age or a number of requests, so that a
 * connection-level balancer (a Kubernetes Service) spreads new ones over replicas added since.
 * Against a real server that reports which client connection each request came on.
 */
describe('the upstream agent', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => res.end(String(req.socket.remotePort)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  /** The client port of the connection that carried the request. */
  const connectionOf = (agent: UpstreamAgent) => bodyOf(agent, '127.0.0.1', port);

  const inSequence = async (agent: UpstreamAgent, count: number) => {
    const connections: string[] = [];
    for (let i = 0; i < count; i += 1) connections.push(await connectionOf(agent));
    return connections;
  };

  test('when requests follow one another, then a connection carries at most the request limit', async () => {
    const agent = new UpstreamAgent({ maxRequestsPerConnection: 3, maxConnectionAgeMs: 60_000 });

    const connections = await inSequence(agent, 7);
    agent.destroy();

    // 3 on the first connection, 3 on the second, the 7th on a third.
    expect(connections.slice(0, 3).every((connection) => connection === connections[0])).toBe(true);
    expect(connections.slice(3, 6).every((connection) => connection === connections[3])).toBe(true);
    expect(new Set(connections).size).toBe(3);
  });

  test('when a connection has reached its age, then the next request opens a new one', async () => {
    const agent = new UpstreamAgent({ maxRequestsPerConnection: 1_000, maxConnectionAgeMs: 300 });

    const [first, second] = await inSequence(agent, 2);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const [third, fourth] = await inSequence(agent, 2);
    agent.destroy();

    expect(second).toBe(first);
    expect(third).toBe(second); // reused once more: it retires when it comes back free
    expect(fourth).not.toBe(third);
  });

  test('when no bound is reached, then one connection carries every request', async () => {
    const agent = new UpstreamAgent();

    const connections = await inSequence(agent, 20);
    agent.destroy();

    expect(new Set(connections).size).toBe(1);
  });
});

/**
 * Every service's answer says how long it keeps an idle connection (`Keep-Alive: timeout=5`,
 * shutdown.ts), and its drain closes one only after that long idle. The gateway's pool lets go of
 * an idle connection 1 s before, so a drain need not wait for it and never closes one under a
 * request on its way; a connection carrying a request keeps the request's own timeout. Against a
 * real server that keeps idle connections far longer than it says (like createAppServer), so only
 * the client side can close one within the test.
 */
describe('when a service says how long it keeps an idle connection', () => {
  const HINT_SECONDS = 2;
  const SLOW_ANSWER_MS = 1_500;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('Keep-Alive', `timeout=${req.headers['x-hint'] ?? HINT_SECONDS}`);
      if (req.url === '/slow') setTimeout(() => res.end('slow'), SLOW_ANSWER_MS);
      else res.end(String(req.socket.remotePort));
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  /** GET `path` as the proxy sends it (its own timeout until the answer starts): the body and the socket it came on. */
  function get(agent: Agent, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ body: string; socket: Socket; reusedSocket: boolean }>((resolve, reject) => {
      const req = request({ agent, host: '127.0.0.1', port, path, headers }, (res) => {
        req.setTimeout(0);
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ body, socket: req.socket as Socket, reusedSocket: req.reusedSocket }));
      });
      req.setTimeout(10_000, () => req.destroy(new Error('request timed out')));
      req.on('error', reject);
      req.end();
    });
  }

  /** How long after now `socket` closes, or undefined if it is still open after `withinMs`. */
  function closeOf(socket: Socket, withinMs: number) {
    const since = Date.now();
    return new Promise<number | undefined>((resolve) => {
      if (socket.destroyed) return resolve(0);
      const deadline = setTimeout(() => resolve(undefined), withinMs);
      socket.once('close', () => {
        clearTimeout(deadline);
        resolve(Date.now() - since);
      });
    });
  }

  test('when a pooled connection stays idle, then the gateway closes it 1 s before the hint', async () => {
    const agent = new UpstreamAgent();

    const { socket } = await get(agent, '/');
    const closedAfterMs = await closeOf(socket, HINT_SECONDS * 1000 + 1_000);
    const pooled = Object.values(agent.freeSockets).flat().length;
    agent.destroy();

    expect(closedAfterMs).toBeDefined(); // undefined: still open
    expect(closedAfterMs).toBeGreaterThanOrEqual((HINT_SECONDS - 1) * 1000 - 50);
    expect(closedAfterMs).toBeLessThan(HINT_SECONDS * 1000);
    expect(pooled).toBe(0);
  });

  test('when a request on a pooled connection takes longer than its idle time, then its answer still comes whole', async () => {
    const agent = new UpstreamAgent();

    const first = await get(agent, '/');
    const slow = await get(agent, '/slow');
    agent.destroy();

    expect(slow.reusedSocket).toBe(true);
    expect(slow.socket).toBe(first.socket);
    expect(slow.body).toBe('slow');
  });

  test('when the hint leaves no time to reuse a connection (timeout=1), then it is closed, not pooled', async () => {
    const agent = new UpstreamAgent();

    const { socket } = await get(agent, '/', { 'x-hint': '1' });
    const closedAfterMs = await closeOf(socket, 500);
    agent.destroy();

    expect(closedAfterMs).toBeDefined(); // undefined: still open
  });
});

/**
 * A service name that answers with several replicas' addresses (compose's DNS for `chat` scaled to
 * two) gets new connections in turn, not all on the first address listed. Two real servers on two
 * loopback addresses; the name's resolution is the part given here.
 */
describe('connections to a name with several addresses', () => {
  const servers: Server[] = [];
  let port: number;

  beforeAll(async () => {
    const first = createServer((_req, res) => res.end('first'));
    await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
    port = (first.address() as AddressInfo).port;
    const second = createServer((_req, res) => res.end('second'));
    await new Promise<void>((resolve) => second.listen(port, '127.0.0.2', resolve));
    servers.push(first, second);
  });

  afterAll(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  const replicas = roundRobinLookup((_hostname, _options, callback) =>
    callback(null, [
      { address: '127.0.0.1', family: 4 },
      { address: '127.0.0.2', family: 4 },
    ]),
  );

  const answerOf = (agent: Agent) => bodyOf(agent, 'chat.replicas.test', port);

  test('when each request opens a connection, then they alternate between the replicas', async () => {
    const agent = new Agent({ keepAlive: false, lookup: replicas });

    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await answerOf(agent));

    expect(answers).toEqual(['first', 'second', 'first', 'second']);
  });

  test('when the name does not resolve, then the connection fails with the resolver error', async () => {
    const failing = roundRobinLookup((hostname, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []),
    );

    await expect(answerOf(new Agent({ lookup: failing }))).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
