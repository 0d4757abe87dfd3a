import { Router } from 'express';
import { updateSettingsBodySchema } from '@quad/contracts';
import { caller, parse, requireAuth } from '@quad/common';
import type { AuthServiceContext } from '../domain/context';
import { getSettings, updateSettings } from '../domain/settings';

/** The signed-in account's own preferences (the colour scheme), read and written by that account only. */
export function settingsRoutes(deps: AuthServiceContext): Router {
  const router = Router();

  router.get('/api/settings', requireAuth, async (req, res) => {
    res.json(await getSettings(deps, caller(req).userId));
  });

  router.put('/api/settings', requireAuth, async (req, res) => {
    res.json(await updateSettings(deps, caller(req).userId, parse(updateSettingsBodySchema, req.body)));
  });

  return router;
}
