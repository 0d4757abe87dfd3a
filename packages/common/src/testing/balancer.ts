import { type Socket, connect, createServer } from 'node:net';

/**
 * A connection-level balancer in front of a service's replicas, as a Kubernetes Service is: each
 * new connection goes to the next replica in turn, and a replica that refuses (killed) is skipped,
 * as its endpoint would be taken out. `targets` is read at each new connection: add and remove
 * replicas in it as a rollout does.
 *
 * With `latencyMs`, every byte, end and reset takes that long to cross, each way, as between two
 * hosts: a close and a request crossing each other on the way show as they do on a network (the
 * request reaches a connection already closed, the close reaches a client that has sent).
 */
export async function startBalancer(
  targets: Array<{ url: string }>,
  options: { latencyMs?: number } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const latencyMs = options.latencyMs ?? 0;
  const later = (action: () => void) => (latencyMs > 0 ? setTimeout(action, latencyMs) : action());
  let turn = 0;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.pause();
    const tryTarget = (tries: number) => {
      if (tries >= targets.length) return client.destroy();
      const { hostname, port } = new URL(targets[turn++ % targets.length]!.url);
      const upstream = connect(Number(port), hostname);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        // A replica that closes its side (a drained connection) closes the client's the same way,
        // after what it wrote has gone out; only a broken one is cut.
        upstream.on('close', (hadError) => {
          open.delete(upstream);
          later(() => (hadError ? client.destroy() : client.end()));
        });
        client.on('close', () => later(() => upstream.destroy()));
        client.on('error', () => later(() => upstream.destroy()));
        upstream.on('error', () => later(() => client.destroy()));
        relay(client, upstream, latencyMs);
        relay(upstream, client, latencyMs);
        client.resume();
      });
      upstream.once('error', () => {
        if (!connected) tryTarget(tries + 1);
      });
    };
    tryTarget(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What `from` sends goes on to `to`, in order; with a latency each chunk and the end that much later (no backpressure: a test's link). */
function relay(from: Socket, to: Socket, latencyMs: number): void {
  if (latencyMs === 0) {
    from.pipe(to);
    return;
  }
  from.on('data', (chunk: Buffer) => setTimeout(() => to.destroyed || to.write(chunk), latencyMs));
  from.on('end', () => setTimeout(() => to.end(), latencyMs));
}
