import { Agent, type AgentOptions } from 'node:http';
import type { Duplex } from 'node:stream';

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
    super({ keepAlive: true, ...options });
    this.maxAgeMs = maxConnectionAgeMs;
    this.maxRequests = maxRequestsPerConnection;
  }

  /** Called by node when a request is done with a socket; false closes it instead of pooling it. */
  override keepSocketAlive(socket: Duplex): boolean {
    const now = Date.now();
    const usage = this.usage.get(socket) ?? { since: now, requests: 0 };
    usage.requests += 1;
    this.usage.set(socket, usage);
    if (usage.requests >= this.maxRequests || now - usage.since >= this.maxAgeMs) return false;
    super.keepSocketAlive(socket);
    return true;
  }
}
