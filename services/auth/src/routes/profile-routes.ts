import { Router } from 'express';
import { completeProfileBodySchema, profileUpdateFieldsSchema } from '@quad/contracts';
import { caller, imageUpload, parse, requireAuth } from '@quad/common';
import type { AuthServiceContext } from '../domain/context';
import { completeProfile, completeTutorial, getProfile, updateProfile } from '../domain/profiles';

/** The signed-in student's own profile: names, the profile page, the Edit Profile dialog, the tutorial flag. */
export function profileRoutes(deps: AuthServiceContext): Router {
  const router = Router();

  router.post('/api/complete-profile', requireAuth, async (req, res) => {
    res.json(await completeProfile(deps, caller(req).userId, parse(completeProfileBodySchema, req.body)));
  });

  router.get('/api/profile', requireAuth, async (req, res) => {
    res.json(await getProfile(deps, caller(req).userId));
  });

  // requireAuth runs before multer so an anonymous upload is refused before it is buffered.
  router.post('/api/profile/update', requireAuth, imageUpload('profileImage'), async (req, res) => {
    const fields = parse(profileUpdateFieldsSchema, req.body);
    res.json(await updateProfile(deps, caller(req).userId, fields, req.file?.buffer));
  });

  router.post('/api/tutorial/complete', requireAuth, async (req, res) => {
    const user = await completeTutorial(deps, caller(req).userId);
    res.json({ tutorialCompleted: true, user });
  });

  return router;
}
