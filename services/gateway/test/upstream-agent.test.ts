import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamAgent } from '../src/upstream-agent';

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
  const connectionOf = (agent: UpstreamAgent) =>
    new Promise<string>((resolve, reject) => {
      const req = request({ agent, host: '127.0.0.1', port, path: '/' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });

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
