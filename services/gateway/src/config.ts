import path from 'node:path';
import { z } from 'zod';
import { GATEWAY_INTERNAL_PORT, SERVICES, SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema, s3ConfigSchema } from '@quad/common';

const upstreamUrls = Object.fromEntries(
  SERVICES.map((name) => [
    `${name.toUpperCase()}_URL`,
    z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS[name]}`),
  ]),
) as Record<`${Uppercase<(typeof SERVICES)[number]>}_URL`, z.ZodDefault<z.ZodString>>;

export const configSchema = baseConfigSchema
  .extend(portSchema(SERVICE_PORTS.gateway).shape)
  .extend(s3ConfigSchema.shape)
  .extend(upstreamUrls)
  .extend({
    HOST: z.string().default('0.0.0.0'),
    /**
     * The internal listener: /readyz with every upstream and server, and /metrics. Not routed by
     * any Ingress; in a cluster set INTERNAL_HOST=0.0.0.0 so Prometheus and probes reach it. 0 picks
     * a free port (tests).
     */
    INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).default(GATEWAY_INTERNAL_PORT),
    INTERNAL_HOST: z.string().default('127.0.0.1'),
    WEB_DIST: z.string().default(path.resolve(__dirname, '../../../web/dist')),
    SMTP_HOST: z.string().default('127.0.0.1'),
    SMTP_PORT: z.coerce.number().int().positive().default(1025),
    /**
     * The proxies in front of the gateway whose X-Forwarded-For the gateway believes (express's
     * `trust proxy`): a number of hops (`1` behind one ingress or load balancer), or a comma list of
     * their addresses or subnets (`10.0.0.0/8`, `loopback`). Empty (the default): none, the client
     * is the connection's own address, so a client cannot name itself another address to reset its
     * rate limits.
     */
    TRUSTED_PROXIES: z
      .string()
      .trim()
      .default('')
      .transform((value): number | string | false => (value === '' ? false : /^\d+$/.test(value) ? Number(value) : value)),
    /** Upstream answer time limit; a hung service becomes a 504 instead of a hang. */
    PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
    /**
     * API calls per minute of one signed-in account (keyed by the verified token's user id, never by
     * address: a whole college may share one public address). A ceiling against floods and runaway
     * scripts, far above what a person clicking through the app sends.
     */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /**
     * Anonymous API calls (no valid token: the sign-in page, sign-in and registration themselves) per
     * minute per client address, sized for a lecture hall signing up at once behind one address.
     */
    API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  });
export type Config = z.infer<typeof configSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, env);
}

export function upstreamUrl(config: Config, service: (typeof SERVICES)[number]): string {
  return config[`${service.toUpperCase()}_URL` as keyof Config] as string;
}
