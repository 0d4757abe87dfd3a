/**
 * The whole system in this test process: every service as `npm start` runs it (its setup, event
 * consumers, app and, for chat, its socket server) on a free port with its own test database and
 * consumers, and a gateway in front of them with the upgrade proxy for `/ws`. Calls go through
 * the gateway's real port, as a browser's do; no process is spawned (each would compile the
 * TypeScript again on a shared two-core machine).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { SERVICES, type ServiceName } from '@quad/contracts';
import { type ServiceRuntime, createAppServer, ensureIndexes } from '@quad/common';
import { createTestRuntime, destroyTestRuntime } from '@quad/common/src/testing';
import { createApp as createAuthApp } from '@quad/auth/src/app';
import { loadServiceConfig as loadAuthConfig } from '@quad/auth/src/config';
import { prepareAuth } from '@quad/auth/src/setup';
import { startEventConsumers as startAuthConsumers } from '@quad/auth/src/incoming-events';
import { createApp as createForumApp } from '@quad/forum/src/app';
import { loadServiceConfig as loadForumConfig } from '@quad/forum/src/config';
import { startEventConsumers as startForumConsumers } from '@quad/forum/src/incoming-events';
import { prepareForum } from '@quad/forum/src/setup';
import { createApp as createSocialApp } from '@quad/social/src/app';
import { loadServiceConfig as loadSocialConfig } from '@quad/social/src/config';
import { startEventConsumers as startSocialConsumers } from '@quad/social/src/incoming-events';
import { prepareSocial } from '@quad/social/src/setup';
import { createApp as createChatApp } from '@quad/chat/src/app';
import { loadServiceConfig as loadChatConfig } from '@quad/chat/src/config';
import { startEventConsumers as startChatConsumers } from '@quad/chat/src/incoming-events';
import { type Realtime, createRealtime } from '@quad/chat/src/realtime/socket-server';
import { prepareChat } from '@quad/chat/src/setup';
import { createApp as createCommerceApp } from '@quad/commerce/src/app';
import { loadServiceConfig as loadCommerceConfig } from '@quad/commerce/src/config';
import { commerceContext } from '@quad/commerce/src/domain/context';
import { startEventConsumers as startCommerceConsumers } from '@quad/commerce/src/incoming-events';
import { createApp as createModerationApp } from '@quad/moderation/src/app';
import { loadServiceConfig as loadModerationConfig } from '@quad/moderation/src/config';
import { moderationContext } from '@quad/moderation/src/domain/context';
import { startEventConsumers as startModerationConsumers } from '@quad/moderation/src/incoming-events';
import { createApp as createSearchApp } from '@quad/search/src/app';
import { loadServiceConfig as loadSearchConfig } from '@quad/search/src/config';
import { startEventConsumers as startSearchConsumers } from '@quad/search/src/incoming-events';
import { createApp as createNotificationsApp } from '@quad/notifications/src/app';
import { loadServiceConfig as loadNotificationsConfig } from '@quad/notifications/src/config';
import { notificationsContext } from '@quad/notifications/src/domain/context';
import { startEventConsumers as startNotificationsConsumers } from '@quad/notifications/src/incoming-events';
import { createApp as createGatewayApp } from '../../src/app';
import { loadGatewayConfig } from '../../src/config';
import { proxyUpgrades } from '../../src/proxy';

export const SYSTEM_ADMIN_PASSWORD = 'in-process-admin-password';

export interface InProcessSystem {
  /** The gateway's address, e.g. `http://127.0.0.1:43123`. */
  baseUrl: string;
  runtimes: Record<ServiceName | 'gateway', ServiceRuntime>;
  stop(): Promise<void>;
}

interface Started {
  runtime: ServiceRuntime;
  app: Express;
  afterListen?: (server: Server) => void;
  beforeStop?: () => Promise<void>;
}

/** Each service as its index.ts starts it, on a test runtime. */
async function startService(service: ServiceName, env: NodeJS.ProcessEnv): Promise<Started> {
  switch (service) {
    case 'auth': {
      const runtime = await createTestRuntime('auth', loadAuthConfig(env));
      await prepareAuth(runtime);
      await startAuthConsumers(runtime);
      return { runtime, app: createAuthApp(runtime) };
    }
    case 'forum': {
      const runtime = await createTestRuntime('forum', loadForumConfig(env));
      await prepareForum(runtime);
      await startForumConsumers(runtime);
      return { runtime, app: createForumApp(runtime) };
    }
    case 'social': {
      const runtime = await createTestRuntime('social', loadSocialConfig(env));
      await prepareSocial(runtime);
      await startSocialConsumers(runtime);
      return { runtime, app: createSocialApp(runtime) };
    }
    case 'chat': {
      const runtime = await createTestRuntime('chat', loadChatConfig(env));
      await prepareChat(runtime);
      const realtime: Realtime = createRealtime(runtime);
      await startChatConsumers(runtime, realtime);
      const app = createChatApp(runtime, realtime);
      return {
        runtime,
        app,
        afterListen: (server) => realtime.attach(server),
        beforeStop: () => realtime.close(),
      };
    }
    case 'commerce': {
      const runtime = await createTestRuntime('commerce', loadCommerceConfig(env));
      commerceContext(runtime);
      await ensureIndexes(runtime.db);
      await startCommerceConsumers(runtime);
      return { runtime, app: createCommerceApp(runtime) };
    }
    case 'moderation': {
      const runtime = await createTestRuntime('moderation', loadModerationConfig(env));
      moderationContext(runtime);
      await ensureIndexes(runtime.db);
      await startModerationConsumers(runtime);
      return { runtime, app: createModerationApp(runtime) };
    }
    case 'search': {
      const runtime = await createTestRuntime('search', loadSearchConfig(env));
      await ensureIndexes(runtime.db);
      await startSearchConsumers(runtime);
      return { runtime, app: createSearchApp(runtime) };
    }
    case 'notifications': {
      const runtime = await createTestRuntime('notifications', loadNotificationsConfig(env));
      notificationsContext(runtime);
      await ensureIndexes(runtime.db);
      await startNotificationsConsumers(runtime);
      return { runtime, app: createNotificationsApp(runtime) };
    }
  }
}

function listen(app: Express): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createAppServer(app);
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * Starts every service and a gateway. The per-address limits are raised (every call here comes
 * from 127.0.0.1), as the e2e system does; `env` adds or overrides settings of every service.
 */
export async function startInProcessSystem(env: Record<string, string> = {}): Promise<InProcessSystem> {
  const serviceEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD,
    RATE_LIMIT_ADMIN_PER_IP: '100000',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    MESSAGE_RATE_LIMIT: '100000',
    ...env,
  };
  const servers: Server[] = [];
  const runtimes = {} as Record<ServiceName | 'gateway', ServiceRuntime>;
  const started = await Promise.all(SERVICES.map((service) => startService(service, serviceEnv)));
  const upstreams: Record<string, string> = {};
  for (const [index, service] of SERVICES.entries()) {
    const { runtime, app, afterListen } = started[index]!;
    runtimes[service] = runtime;
    const server = await listen(app);
    afterListen?.(server);
    servers.push(server);
    upstreams[`${service.toUpperCase()}_URL`] = urlOf(server);
  }
  // Auth's data download asks each service for its part: their ports are known only now that they
  // listen, and auth reads its settings per call (the same config object its deps hold).
  Object.assign(runtimes.auth.config, upstreams);
  const gatewayConfig = loadGatewayConfig({
    ...serviceEnv,
    ...upstreams,
    API_RATE_LIMIT_PER_MINUTE: '100000',
    API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const gatewayRuntime = await createTestRuntime('gateway', gatewayConfig);
  runtimes.gateway = gatewayRuntime;
  const { app, proxies } = createGatewayApp(gatewayRuntime);
  const gatewayServer = await listen(app);
  proxyUpgrades(gatewayServer, proxies);
  servers.push(gatewayServer);

  return {
    baseUrl: urlOf(gatewayServer),
    runtimes,
    async stop() {
      for (const { beforeStop } of started) await beforeStop?.();
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      for (const runtime of Object.values(runtimes)) await destroyTestRuntime(runtime);
    },
  };
}
