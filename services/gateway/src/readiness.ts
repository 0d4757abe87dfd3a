import net from 'node:net';
import { SERVICES } from '@quad/contracts';
import type { MediaStore, ReadinessCheck } from '@quad/common';
import { type Config, upstreamUrl } from './config';

/** Each upstream service must report itself ready. */
export function upstreamChecks(config: Config): ReadinessCheck[] {
  return SERVICES.map((service) => ({
    name: service,
    check: async () => {
      const response = await fetch(`${upstreamUrl(config, service)}/readyz`, { signal: AbortSignal.timeout(1500) });
      if (!response.ok) throw new Error(`readyz answered ${response.status}`);
    },
  }));
}

/** SMTP answers with a 220 greeting. */
export function smtpCheck(host: string, port: number): ReadinessCheck {
  return {
    name: 'smtp',
    check: () =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect({ host, port });
        const fail = (err: Error) => (socket.destroy(), reject(err));
        socket.setTimeout(1500, () => fail(new Error('no greeting')));
        socket.once('error', fail);
        socket.once('data', (chunk) => {
          socket.end('QUIT\r\n');
          if (chunk.toString().startsWith('220')) resolve();
          else fail(new Error(`unexpected greeting: ${chunk.toString().slice(0, 40)}`));
        });
      }),
  };
}

export function minioCheck(store: MediaStore): ReadinessCheck {
  return { name: 'minio', check: () => store.ping() };
}
