import { createHash } from 'node:crypto';
import { Router } from 'express';
import { EMAIL_CONFIRMATION_RESENDS_PER_HOUR, tooManyAttemptsMessage, verifyEmailBodySchema } from '@quad/contracts';
import { caller, parse, rateLimit, requireAuth } from '@quad/common';
import type { AuthServiceContext } from '../domain/context';
import { confirmEmail, resendConfirmationLink } from '../domain/email-confirmation';

/**
 * Confirming the e-mail address: the link's page posts its token (anyone holding the link may:
 * it proves the mailbox), and a signed-in student asks for a new link ("resend"), a few times an
 * hour per account (the shared Redis limiter).
 */
export function verifyEmailRoutes(deps: AuthServiceContext): Router {
  const router = Router();
  const resendLimit = rateLimit({
    redis: deps.redis,
    name: `${deps.namespace}:verify-email-resend`,
    windowMs: 3600_000,
    limit: EMAIL_CONFIRMATION_RESENDS_PER_HOUR,
    message: tooManyAttemptsMessage,
    // Per account (hashed, as every rate-limit key); an anonymous call is refused by requireAuth first.
    key: (req) => (req.auth ? createHash('sha256').update(req.auth.userId).digest('hex') : undefined),
  });

  router.post('/api/auth/verify-email', async (req, res) => {
    res.json(await confirmEmail(deps, parse(verifyEmailBodySchema, req.body).token));
  });

  router.post('/api/auth/verify-email/resend', requireAuth, resendLimit, async (req, res) => {
    res.json(await resendConfirmationLink(deps, caller(req).userId));
  });

  return router;
}
