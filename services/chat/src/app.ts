import { type ServiceRuntime, createDirectoryApp, mountAccountExport, reportObjectStore } from '@quad/common';
import { exportChatUser } from './domain/account-export';
import type { Config } from './config';
import { chatContext } from './domain/context';
import type { Realtime } from './realtime/socket-server';
import { mountChatRoutes } from './routes/chat-routes';
import { mountGroupRoutes } from './routes/group-routes';

/** The chat service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>, realtime: Realtime) {
  const ctx = chatContext(runtime);
  reportObjectStore(runtime.readiness, ctx.media);
  return createDirectoryApp(runtime, (router) => {
    mountChatRoutes(router, ctx, realtime);
    mountGroupRoutes(router, ctx, realtime);
    mountAccountExport(router, (userId) => exportChatUser(ctx, userId));
  });
}
