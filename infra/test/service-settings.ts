/**
 * What each service's configuration schema asks of a deployment, read from the schemas themselves
 * (the zod `configSchema` of every service), so a new setting without a deployment entry fails the
 * compose and Kubernetes tests instead of a container at start-up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';
import type { z } from 'zod';
import { SERVICES, SERVICE_PORTS, type ServiceName } from '@quad/contracts';
import { configSchema as authSchema } from '../../services/auth/src/config';
import { configSchema as chatSchema } from '../../services/chat/src/config';
import { configSchema as commerceSchema } from '../../services/commerce/src/config';
import { configSchema as forumSchema } from '../../services/forum/src/config';
import { configSchema as gatewaySchema } from '../../services/gateway/src/config';
import { configSchema as moderationSchema } from '../../services/moderation/src/config';
import { configSchema as searchSchema } from '../../services/search/src/config';
import { configSchema as notificationsSchema } from '../../services/notifications/src/config';
import { configSchema as socialSchema } from '../../services/social/src/config';

export type Deployable = ServiceName | 'gateway';

/**
 * Services that run under `npm start` but have no compose or Kubernetes entry yet. Take a service
 * out of this list when its entries land, and these tests check them like every other.
 */
export const AWAITING_DEPLOYMENT = [] as const satisfies readonly ServiceName[];
type Awaiting = (typeof AWAITING_DEPLOYMENT)[number];

/** Every process Quad deploys: the services and the gateway. */
export const DEPLOYABLES: ReadonlyArray<Exclude<Deployable, Awaiting>> = [
  ...SERVICES.filter(
    (service): service is Exclude<ServiceName, Awaiting> =>
      !(AWAITING_DEPLOYMENT as readonly string[]).includes(service),
  ),
  'gateway',
];

export const DEPLOYABLE_PORTS: Record<Deployable, number> = SERVICE_PORTS;

export const INFRA_DIR = path.resolve(__dirname, '..');
export const DOCKERFILE = path.join(INFRA_DIR, 'docker', 'Dockerfile');

/** Each deployable's zod configuration schema, as the service itself loads it. */
export const CONFIG_SCHEMAS: Record<Deployable, z.ZodObject> = {
  auth: authSchema,
  forum: forumSchema,
  social: socialSchema,
  chat: chatSchema,
  commerce: commerceSchema,
  moderation: moderationSchema,
  search: searchSchema,
  notifications: notificationsSchema,
  gateway: gatewaySchema,
};

/** The names of every setting the service reads. */
export function knownSettings(service: Deployable): string[] {
  return Object.keys(CONFIG_SCHEMAS[service].shape);
}

/** Settings the service refuses to start without (no default, not optional). */
export function requiredSettings(service: Deployable): string[] {
  const { shape } = CONFIG_SCHEMAS[service];
  return Object.keys(shape).filter((name) => !shape[name]!.safeParse(undefined).success);
}

/**
 * Settings whose default points at this machine (127.0.0.1): right for `npm start`, wrong in a
 * container, where MongoDB, the other services and even the listening address are elsewhere.
 */
export function loopbackDefaultSettings(service: Deployable): string[] {
  const { shape } = CONFIG_SCHEMAS[service];
  const awaiting: string[] = (AWAITING_DEPLOYMENT as readonly ServiceName[]).map((name) => `${name.toUpperCase()}_URL`);
  return Object.keys(shape).filter((name) => {
    const parsed = shape[name]!.safeParse(undefined);
    return parsed.success && String(parsed.data).includes('127.0.0.1') && !awaiting.includes(name);
  });
}

/** The environment every service image sets (`ENV` in the Dockerfile's `service-base` stage, which both targets build on). */
export function imageEnvironment(): Record<string, string> {
  const dockerfile = DockerfileParser.parse(readFileSync(DOCKERFILE, 'utf8'));
  const stageStarts = dockerfile
    .getFROMs()
    .map((from) => ({ line: from.getRange().start.line, stage: from.getBuildStage() }));
  const stageAt = (line: number) => stageStarts.filter((start) => start.line <= line).at(-1)?.stage;
  const environment: Record<string, string> = {};
  for (const instruction of dockerfile.getENVs()) {
    if (stageAt(instruction.getRange().start.line) !== 'service-base') continue;
    for (const property of instruction.getProperties())
      environment[property.getName()] = property.getValue() ?? '';
  }
  return environment;
}

/** The `NAME_FILE` convention of packages/common's config: `NAME_FILE` provides `NAME`. */
/**
 * Settings named like addresses that are not servers a service connects to: where it listens
 * (INTERNAL_HOST: the gateway's internal listener) and the public address of Quad itself
 * (PUBLIC_URL: the start of links in e-mail).
 */
export const NOT_A_SERVER = ['INTERNAL_HOST', 'PUBLIC_URL'];

export const settingProvided = (name: string) => name.replace(/_FILE$/, '');
