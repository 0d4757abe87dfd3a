import request from 'supertest';
import { generateSync } from 'otplib';
import {
  ADMIN_MESSAGES,
  RECOVERY_CODE_COUNT,
  adminInviteSchema,
  namedAdminSchema,
  twoFactorChallengeSchema,
  verifyTwoFactorResponseSchema,
} from '@quad/contracts';
import { redisKeys } from '@quad/common';
import { bearer, mailTo } from '@quad/common/src/testing';
import { restoreRevocations } from '../src/domain/sessions';
import { auditLogModel } from '../src/models/audit-log-model';
import { type AuthTestApp, TEST_ADMIN_PASSWORD, registerAdmin, registerStudent, startAuthApp } from './auth-test-app';

const PASSWORD = 'a-long-admin-password';

/**
 * Named admins end to end through auth's API: an invitation e-mailed through the real SMTP
 * catcher, accepted once, a TOTP authenticator set up with codes computed from the secret, sign-in
 * that needs the second factor, recovery codes, removal (never the last) and the bootstrap path.
 */
describe('named admins', () => {
  let auth: AuthTestApp;
  let bootstrapToken: string;

  beforeAll(async () => {
    auth = await startAuthApp();
    bootstrapToken = (await registerAdmin(auth.app)).token;
  });
  afterAll(() => auth.close());

  const totp = (secret: string, offsetSeconds = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

  /** Invites `email`, reads the link from the e-mail, and answers the token in it. */
  async function invite(email: string, firstName: string, byToken = bootstrapToken): Promise<string> {
    const response = await request(auth.app)
      .post('/api/admin/admins/invites')
      .set(bearer(byToken))
      .send({ email, firstName, lastName: 'Admin' });
    expect(response.status).toBe(201);
    expect(response.text).not.toMatch(/admin-invite\//);
    const mail = await mailTo(email, /invited to be a Quad admin/);
    const token = /\/admin-invite\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    return token!;
  }

  /** Accepts an invitation and sets up the authenticator: the new admin's session, secret and recovery codes. */
  async function becomeAdmin(email: string, firstName: string, byToken = bootstrapToken) {
    const token = await invite(email, firstName, byToken);
    const accepted = await request(auth.app).post(`/api/admin/admins/invites/${token}/accept`).send({ password: PASSWORD });
    expect(accepted.status).toBe(201);
    const challenge = twoFactorChallengeSchema.parse(accepted.body);
    const secret = challenge.enrolment!.secret;
    // The moment the set-up code is made: a later step's code is then the next one whatever the clock
    // has done since (a test that asked for "the current code" again met the next 30 s step now and then).
    const enrolledAt = Math.floor(Date.now() / 1000);
    const code = generateSync({ secret, epoch: enrolledAt });
    const verified = await request(auth.app).post('/api/auth/2fa/verify').send({ challengeToken: challenge.challengeToken, code });
    expect(verified.status).toBe(200);
    const body = verifyTwoFactorResponseSchema.parse(verified.body);
    const codeAfter = (steps: number) => generateSync({ secret, epoch: enrolledAt + 30 * steps });
    return { token: body.authToken, user: body.user, secret, recoveryCodes: body.recoveryCodes!, inviteToken: token, code, codeAfter };
  }

  test('when an admin invites someone, then the e-mailed link opens the invitation, works once, and leads to setting up a second factor', async () => {
    const token = await invite('grace@quad.test', 'Grace');

    const opened = await request(auth.app).get(`/api/admin/admins/invites/${token}`);
    expect(opened.status).toBe(200);
    expect(adminInviteSchema.parse(opened.body)).toMatchObject({ email: 'grace@quad.test', firstName: 'Grace', invitedBy: 'Operator test-operator' });

    const accepted = await request(auth.app).post(`/api/admin/admins/invites/${token}/accept`).send({ password: PASSWORD });
    expect(accepted.status).toBe(201);
    const challenge = twoFactorChallengeSchema.parse(accepted.body);
    expect(accepted.body.authToken).toBeUndefined();
    expect(challenge.enrolment?.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(challenge.enrolment?.otpauthUrl).toContain(`secret=${challenge.enrolment?.secret}`);

    const wrong = await request(auth.app).post('/api/auth/2fa/verify').send({ challengeToken: challenge.challengeToken, code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: ADMIN_MESSAGES.codeInvalid });

    const verified = await request(auth.app)
      .post('/api/auth/2fa/verify')
      .send({ challengeToken: challenge.challengeToken, code: totp(challenge.enrolment!.secret) });
    expect(verified.status).toBe(200);
    const session = verifyTwoFactorResponseSchema.parse(verified.body);
    expect(session.user).toMatchObject({ firstName: 'Grace', email: 'grace@quad.test', isAdmin: true, isAnonymousAdmin: false });
    expect(session.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await request(auth.app).get('/api/admin/users').set(bearer(session.authToken))).status).toBe(200);

    const again = await request(auth.app).post(`/api/admin/admins/invites/${token}/accept`).send({ password: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ message: ADMIN_MESSAGES.inviteUsed });
    expect((await request(auth.app).get(`/api/admin/admins/invites/${token}`)).status).toBe(410);
    expect((await request(auth.app).get('/api/admin/admins/invites/not-a-real-token')).status).toBe(404);
  });

  test('when an invitation is older than 72 hours, then it no longer works', async () => {
    const token = await invite('late@quad.test', 'Late');
    const [invitation] = await auth.deps.models.AdminInvite.find({ email: 'late@quad.test' }).lean();
    await auth.deps.adminInvites.update(invitation!._id, () => ({ expiresAt: new Date(Date.now() - 1000) }));

    const accepted = await request(auth.app).post(`/api/admin/admins/invites/${token}/accept`).send({ password: PASSWORD });
    expect(accepted.status).toBe(410);
    expect(accepted.body).toEqual({ message: ADMIN_MESSAGES.inviteExpired });
    expect(await auth.deps.models.User.exists({ accountKey: 'late@quad.test' })).toBeNull();
  });

  test('when a named admin signs in, then the password alone gives no session: a TOTP code does, once, and a recovery code does, once', async () => {
    const { code, codeAfter, recoveryCodes } = await becomeAdmin('ada@quad.test', 'Ada');

    const signIn = async () => {
      const response = await request(auth.app).post('/api/login').send({ email: 'ada@quad.test', password: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body.authToken).toBeUndefined();
      expect(response.headers['set-cookie']).toBeUndefined();
      return twoFactorChallengeSchema.parse(response.body);
    };

    const first = await signIn();
    expect(first.enrolment).toBeNull();
    // The code that set the authenticator up was spent: the next step's code works.
    const reused = await request(auth.app).post('/api/auth/2fa/verify').send({ challengeToken: first.challengeToken, code });
    expect(reused.status).toBe(401);
    const next = await request(auth.app).post('/api/auth/2fa/verify').send({ challengeToken: first.challengeToken, code: codeAfter(1) });
    expect(next.status).toBe(200);
    expect(next.body.recoveryCodes).toBeNull();
    expect(next.body.user).toMatchObject({ email: 'ada@quad.test', isAdmin: true });

    const second = await signIn();
    const recovered = await request(auth.app).post('/api/auth/2fa/verify').send({ challengeToken: second.challengeToken, code: recoveryCodes[0]!.toUpperCase() });
    expect(recovered.status).toBe(200);
    const third = await signIn();
    const spent = await request(auth.app).post('/api/auth/2fa/verify').send({ challengeToken: third.challengeToken, code: recoveryCodes[0] });
    expect(spent.status).toBe(401);

    // A challenge answered wrongly five times is gone.
    for (let i = 0; i < 4; i++) await request(auth.app).post('/api/auth/2fa/verify').send({ challengeToken: third.challengeToken, code: '123456' });
    const locked = await request(auth.app).post('/api/auth/2fa/verify').send({ challengeToken: third.challengeToken, code: codeAfter(2) });
    expect(locked.status).toBe(429);
    const failures = await auditLogModel(auth.runtime.db).countDocuments({ action: 'admin.two-factor-failed' });
    expect(failures).toBeGreaterThanOrEqual(5);
  });

  test('when a student calls the admins endpoints, then 403 and nothing changes', async () => {
    const { token } = await registerStudent(auth.app);
    const calls = [
      request(auth.app).get('/api/admin/admins').set(bearer(token)),
      request(auth.app).post('/api/admin/admins/invites').set(bearer(token)).send({ email: 'x@quad.test', firstName: 'X', lastName: 'Y' }),
      request(auth.app).delete('/api/admin/admins/0123456789abcdef01234567').set(bearer(token)),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
  });

  test('when admins are removed, then never the last one, and a removed admin’s token stops being an admin’s at once', async () => {
    const list = async (token: string) => {
      const response = await request(auth.app).get('/api/admin/admins').query({ limit: 100 }).set(bearer(token));
      expect(response.status).toBe(200);
      return namedAdminSchema.array().parse(response.body);
    };
    const lin = await becomeAdmin('lin@quad.test', 'Lin');
    const kai = await becomeAdmin('kai@quad.test', 'Kai', lin.token);
    const named = await list(lin.token);
    expect(named.map((admin) => admin.email)).toEqual(expect.arrayContaining(['lin@quad.test', 'kai@quad.test']));
    expect(named.every((admin) => admin.twoFactorEnabled)).toBe(true);

    // Remove every named admin but Lin, then Lin is the last and stays.
    for (const admin of named.filter((entry) => entry.id !== lin.user.id)) {
      const removed = await request(auth.app).delete(`/api/admin/admins/${admin.id}`).set(bearer(lin.token));
      expect(removed.status).toBe(200);
    }
    expect((await request(auth.app).get('/api/admin/users').set(bearer(kai.token))).status).toBe(403);
    // Redis loses the removal (a restart, a flush): restored from auth's database with the deny-list.
    await auth.runtime.redis.del(redisKeys.adminRevoked(kai.user.id));
    await restoreRevocations(auth.deps);
    expect((await request(auth.app).get('/api/admin/users').set(bearer(kai.token))).status).toBe(403);
    const last = await request(auth.app).delete(`/api/admin/admins/${lin.user.id}`).set(bearer(bootstrapToken));
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ message: ADMIN_MESSAGES.lastAdmin });
    expect((await list(bootstrapToken)).map((admin) => admin.id)).toEqual([lin.user.id]);
  });

  test('when the admin password path is used, then an operator handle is required; where it is turned off, it is refused', async () => {
    const noHandle = await request(auth.app).post('/api/register-admin').send({ adminPassword: TEST_ADMIN_PASSWORD });
    expect(noHandle.status).toBe(400);
    expect(noHandle.body).toEqual({ message: 'Please enter your operator handle.' });

    const off = await startAuthApp({ ADMIN_PASSWORD_SIGNIN: 'off' });
    try {
      const refused = await request(off.app).post('/api/register-admin').send({ adminPassword: TEST_ADMIN_PASSWORD, operator: 'someone' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: ADMIN_MESSAGES.bootstrapOff });
    } finally {
      await off.close();
    }
  });
});
