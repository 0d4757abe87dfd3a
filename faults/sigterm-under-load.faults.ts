import http from 'node:http';
import { SERVICES, type ServiceName } from '@quad/contracts';
import { type ServiceProcess, bearer, startServiceProcess, testToken } from '@quad/common/src/testing';
import { summary } from './support';

/** A signed-in read each service answers (with its data, or a 4xx for this stranger: either is served). */
const PATHS: Record<ServiceName, string> = {
  auth: '/api/auth/user',
  forum: '/api/topics',
  social: '/api/friends',
  chat: '/api/chats',
  commerce: '/api/subscription-status',
  moderation: '/api/appeals/mine',
};

/** One request on a connection of its own: its answer's status, or how it failed. */
function request(url: string, path: string, token: string): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${url}${path}`, { agent: false, headers: bearer(token), timeout: 20_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    });
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.on('timeout', () => req.destroy(new Error('timeout')));
  });
}

/**
 * SIGTERM of a process of every service while 20 clients keep calling it: every request it took is
 * answered (none reset, none 5xx); what arrives after it stopped listening is refused at connect,
 * which a client or load balancer retries elsewhere.
 */
describe('SIGTERM of every service under load', () => {
  const processes = new Map<ServiceName, ServiceProcess>();

  beforeAll(async () => {
    const started = await Promise.all(SERVICES.map((service) => startServiceProcess({ service })));
    SERVICES.forEach((service, i) => processes.set(service, started[i]!));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...processes.values()].map((process) => process.stop('SIGKILL')));
  });

  test('then no request it accepted is lost', async () => {
    const token = testToken({ userId: '6650f0c2a1b2c3d4e5f60718', collegeId: '1' });
    let requests = 0;
    let lost = 0;
    let refused = 0;
    const lostBy: string[] = [];
    for (const service of SERVICES) {
      const replica = processes.get(service)!;
      let stopping = false;
      const client = async () => {
        const outcomes = [];
        while (!stopping || outcomes.length === 0) {
          const outcome = await request(replica.url, PATHS[service], token);
          outcomes.push(outcome);
          if ('error' in outcome && outcome.error === 'ECONNREFUSED') break; // no longer listening
        }
        return outcomes;
      };
      const clients = Array.from({ length: 20 }, client);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const exited = replica.stop('SIGTERM');
      stopping = true;
      const outcomes = (await Promise.all(clients)).flat();
      await exited;
      requests += outcomes.length;
      for (const outcome of outcomes) {
        if ('error' in outcome) {
          if (outcome.error === 'ECONNREFUSED') refused += 1;
          else (lost += 1), lostBy.push(`${service}: ${outcome.error}`);
        } else if (outcome.status >= 500) {
          lost += 1;
          lostBy.push(`${service}: ${outcome.status}`);
        }
      }
    }
    summary({
      scenario: 'SIGTERM of each of the 6 services under 20 clients',
      injected: '6 × SIGTERM',
      requests,
      messages: 0,
      lost,
      duplicated: 0,
      notes: `${refused} refused at connect after the listener closed${lostBy.length ? `; lost: ${[...new Set(lostBy)].join(', ')}` : ''}`,
    });
    expect(lostBy).toEqual([]);
  });
});
