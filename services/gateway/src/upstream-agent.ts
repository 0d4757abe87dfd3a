import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import { Agent, type AgentOptions } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';

type Resolve = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for connections to a service whose name answers with every replica's address (compose's
 * DNS for a scaled service, a headless Kubernetes Service): each new connection takes the next
 * address in turn instead of the first one the resolver lists, so new sockets and retired pooled
 * connections spread over the replicas, including replicas added since.
 */
export function roundRobinLookup(resolve: Resolve = dns.lookup as unknown as Resolve): LookupFunction {
  const turns = new Map<string, number>();
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
      if (err || addresses.length === 0) {
        (callback as (err: NodeJS.ErrnoException | null, address: string, family: number) => void)(
          err ?? Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
          '',
          4,
        );
        return;
      }
      const turn = turns.get(hostname) ?? 0;
      turns.set(hostname, turn + 1);
      const chosen = addresses[turn % addresses.length]!;
      if (options.all) (callback as (err: null, addresses: LookupAddress[]) => void)(null, [chosen]);
      else (callback as (err: null, address: string, family: number) => void)(null, chosen.address, chosen.family);
    });
  };
}

/**
 * How long and how often the gateway reuses one connection to a service. Behind a Kubernetes
 * Service (or any connection-level balancer), a kept-alive connection stays with the replica it
 * was opened to: without a bound, a busy gateway's pool of long-lived connections keeps every REST
 * call on the replicas that existed when it filled, and replicas added by an autoscaler get none.
 * Retired connections are closed when they come back free, so no request is cut, and each new one
 * is balanced afresh: at most this old, or this many requests, per connection.
 */
export const UPSTREAM_CONNECTION_MAX_AGE_MS = 30_000;
export const UPSTREAM_CONNECTION_MAX_REQUESTS = 1_000;

/**
 * The longest a pooled connection stays idle (the agent's `timeout`). Node's agent applies a
 * service's `Keep-Alive: timeout=N` hint (KEEP_ALIVE_HINT_SECONDS, shutdown.ts), less 1 s, only
 * when it is shorter than this: with no timeout an idle connection stays open until the service
 * closes it, which a drain does only after N s idle, and which races a request sent down it. So
 * idle connections close ~4 s after their last answer, and after this long for an answer without
 * a hint (under the services' own 65 s). A connection carrying a request has the request's timeout
 * instead, which proxy.ts sets on every request (a request that only listened for 'timeout' would
 * hear the idle one); node's agent itself closes on timeout only free connections.
 */
export const UPSTREAM_IDLE_TIMEOUT_MS = 60_000;

export interface UpstreamAgentOptions extends AgentOptions {
  /** A connection older than this (since its first answer) is closed instead of reused. */
  maxConnectionAgeMs?: number;
  /** A connection that has carried this many requests is closed instead of reused. */
  maxRequestsPerConnection?: number;
}

/** A keep-alive agent whose connections retire after an age or a number of requests. */
export class UpstreamAgent extends Agent {
  private readonly maxAgeMs: number;
  private readonly maxRequests: number;
  private readonly usage = new WeakMap<Duplex, { since: number; requests: number }>();

  constructor({
    maxConnectionAgeMs = UPSTREAM_CONNECTION_MAX_AGE_MS,
    maxRequestsPerConnection = UPSTREAM_CONNECTION_MAX_REQUESTS,
    ...options
  }: UpstreamAgentOptions = {}) {
    super({ keepAlive: true, timeout: UPSTREAM_IDLE_TIMEOUT_MS, lookup: roundRobinLookup(), ...options });
    this.maxAgeMs = maxConnectionAgeMs;
    this.maxRequests = maxRequestsPerConnection;
  }

  /**
   * Called by node when a request is done with a socket; false closes it instead of pooling it.
   * Node's own sets the idle timeout from the service's hint, and says false when the hint leaves
   * no time to reuse it (`timeout=1`).
   */
  override keepSocketAlive(socket: Duplex): boolean {
    const now = Date.now();
    const usage = this.usage.get(socket) ?? { since: now, requests: 0 };
    usage.requests += 1;
    this.usage.set(socket, usage);
    if (usage.requests >= this.maxRequests || now - usage.since >= this.maxAgeMs) return false;
    // Node's returns a boolean, though @types/node declares void.
    const keep: unknown = super.keepSocketAlive(socket);
    return keep !== false;
  }
}
