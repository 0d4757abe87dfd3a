import { type ServiceRuntime, createDirectoryApp } from '@quad/common';
import type { Config } from './config';
import { searchContext } from './domain/context';
import { mountSearchRoutes } from './routes/search-routes';

/** The search service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = searchContext(runtime);
  return createDirectoryApp(runtime, (router, { member }) => mountSearchRoutes(router, ctx, member));
}
