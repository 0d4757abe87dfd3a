import type { Router } from 'express';
import type { ServiceExport } from '@quad/contracts';
import { ACCOUNT_EXPORT_PATH, caller, requireAuth } from './auth-middleware';

/** Answers ACCOUNT_EXPORT_PATH (auth-middleware.ts) with this service's records of the caller, a banned caller included. */
export function mountAccountExport(router: Router, collect: (userId: string) => Promise<ServiceExport>): void {
  router.get(ACCOUNT_EXPORT_PATH, requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await collect(caller(req).userId));
  });
}

/** A stored document as the download shows it: its id as `id`, without the store's own bookkeeping. */
export function exported<T extends { _id: unknown }>(doc: T): Record<string, unknown> {
  const { _id, version: _version, ...fields } = doc as T & { version?: unknown };
  return { id: String(_id), ...fields };
}
