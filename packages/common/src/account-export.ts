import type { Router } from 'express';
import type { ServiceExport } from '@quad/contracts';
import { caller, requireAuth } from './auth-middleware';

/**
 * A student's data download (issue 25) is assembled by auth from each owning service's own answer,
 * never by reading another service's database: every service that holds something the student
 * made answers this internal path with its records of the caller and the object keys of their
 * images. It is not under /api, so the gateway never routes it: only services inside reach it,
 * and each answers for the user whose own token the request carries (verified as every call is).
 */
export const ACCOUNT_EXPORT_PATH = '/internal/account-export';

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
