import type { Express, RequestHandler, Router } from 'express';
import { authenticate } from './auth-middleware';
import { type ServiceRuntime, createServiceApp } from './runtime';
import { memberOnly, signedIn } from './viewer';

/** Who may call a route of a service that reads its callers from the user directory. */
export interface RouteAccess {
  /** Signed in, not suspended, subscribed (admins pass): the community features. */
  member: RequestHandler[];
  /** Signed in and not suspended. */
  signedIn: RequestHandler[];
}

/**
 * `createServiceApp` for a service whose callers are read from the token and the cached user
 * directory: `authenticate` (with the directory) before every route, the access checks handed to
 * `mount` with the router.
 */
export function createDirectoryApp(
  runtime: ServiceRuntime,
  mount: (router: Router, access: RouteAccess) => void,
): Express {
  const { config, redis, directory } = runtime;
  const access: RouteAccess = { member: memberOnly(directory), signedIn: signedIn(directory) };
  return createServiceApp(runtime, (router) => {
    router.use(authenticate({ publicKey: config.JWT_PUBLIC_KEY, redis, directory }));
    mount(router, access);
  });
}
