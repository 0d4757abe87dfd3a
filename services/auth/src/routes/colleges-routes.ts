import { Router } from 'express';
import type { AuthServiceContext } from '../domain/context';
import { listColleges } from '../domain/colleges';

/** The college list the register form offers; public. */
export function collegesRoutes(deps: AuthServiceContext): Router {
  const router = Router();
  router.get('/api/colleges', async (_req, res) => {
    res.json(await listColleges(deps.models));
  });
  return router;
}
