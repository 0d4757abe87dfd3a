import { createHash } from 'node:crypto';
import request from 'supertest';
import { EMAIL_CONFIRMATION_RESENDS_PER_HOUR, VERIFY_MESSAGES, userSchema } from '@quad/contracts';
import { bearer, confirmationTokenFor, confirmationTokensFor, waitFor } from '@quad/common/src/testing';
import { confirmAddressDirectly } from '../src/domain/email-confirmation';
import { type AuthTestApp, MIT, STANFORD, confirmStudent, registerAdmin, registerStudent, startAuthApp } from './auth-test-app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('e-mail confirmation', () => {
  let auth: AuthTestApp;

  beforeAll(async () => {
    auth = await startAuthApp({}, { consumers: true });
  });
  afterAll(() => auth.close());

  const me = async (token: string) => userSchema.parse((await request(auth.app).get('/api/auth/user').set(bearer(token))).body);

  test('when a student registers, then the account is unconfirmed and a link goes to the address; opening it confirms it and earns the badge, announced to every service', async () => {
    const { token, user, body } = await registerStudent(auth.app, { college: MIT }, { confirm: false });
    expect(user).toMatchObject({ emailConfirmed: false, isVerified: false });
    const directoryBefore = await waitFor(() => auth.runtime.directory.get(user.id));
    expect(directoryBefore).toMatchObject({ emailConfirmed: false, isVerified: false });

    const linkToken = await confirmationTokenFor(body.email);
    const confirmed = await request(auth.app).post('/api/auth/verify-email').send({ token: linkToken });

    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: body.email, isVerified: true });
    expect(await me(token)).toMatchObject({ emailConfirmed: true, isVerified: true });
    // Every service's directory copy hears it from auth.user.updated.
    await waitFor(async () => (await auth.runtime.directory.get(user.id))?.emailConfirmed === true);
    expect(await auth.runtime.directory.get(user.id)).toMatchObject({ emailConfirmed: true, isVerified: true });
  });

  test('when a link is opened a second time, then 410 and nothing changes', async () => {
    const { body } = await registerStudent(auth.app, {}, { confirm: false });
    const linkToken = await confirmationTokenFor(body.email);
    expect((await request(auth.app).post('/api/auth/verify-email').send({ token: linkToken })).status).toBe(200);

    const again = await request(auth.app).post('/api/auth/verify-email').send({ token: linkToken });

    expect(again.status).toBe(410);
    expect(again.body.message).toBe(VERIFY_MESSAGES.linkUsed);
  });

  test('when a link has expired, then 410 with the expiry message and the account stays unconfirmed', async () => {
    const { token, body } = await registerStudent(auth.app, {}, { confirm: false });
    const linkToken = await confirmationTokenFor(body.email);
    // 48 hours later, as far as the link is concerned.
    await auth.deps.emailConfirmations.update(sha256(linkToken), () => ({ expiresAt: new Date(Date.now() - 1000) }));

    const late = await request(auth.app).post('/api/auth/verify-email').send({ token: linkToken });

    expect(late.status).toBe(410);
    expect(late.body.message).toBe(VERIFY_MESSAGES.linkExpired);
    expect(await me(token)).toMatchObject({ emailConfirmed: false });
  });

  test('when a made-up token is posted, then 404', async () => {
    const response = await request(auth.app).post('/api/auth/verify-email').send({ token: 'not-a-real-token' });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(VERIFY_MESSAGES.linkNotFound);
  });

  test(`when a student asks for the link again, then a new one comes, at most ${EMAIL_CONFIRMATION_RESENDS_PER_HOUR} an hour`, async () => {
    const { token, body } = await registerStudent(auth.app, {}, { confirm: false });
    await confirmationTokensFor(body.email, 1);
    for (let i = 0; i < EMAIL_CONFIRMATION_RESENDS_PER_HOUR; i++) {
      const resent = await request(auth.app).post('/api/auth/verify-email/resend').set(bearer(token));
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ sentTo: body.email });
    }
    const tooMany = await request(auth.app).post('/api/auth/verify-email/resend').set(bearer(token));
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);

    const tokens = await confirmationTokensFor(body.email, 1 + EMAIL_CONFIRMATION_RESENDS_PER_HOUR);
    expect(new Set(tokens).size).toBe(1 + EMAIL_CONFIRMATION_RESENDS_PER_HOUR);
    expect((await request(auth.app).post('/api/auth/verify-email').send({ token: tokens.at(-1) })).status).toBe(200);
    expect(await me(token)).toMatchObject({ emailConfirmed: true });
  });

  test('when the seed confirms a demo student directly, then the account is confirmed as by its link, once', async () => {
    const { token, body, user } = await registerStudent(auth.app, {}, { confirm: false });

    expect(await confirmAddressDirectly(auth.deps, body.email.toUpperCase())).toBe(true);
    expect(await confirmAddressDirectly(auth.deps, body.email)).toBe(false);

    expect(await me(token)).toMatchObject({ emailConfirmed: true, isVerified: true });
    await waitFor(async () => (await auth.runtime.directory.get(user.id))?.emailConfirmed === true);
  });

  test('when nobody is signed in, then resend is 401', async () => {
    expect((await request(auth.app).post('/api/auth/verify-email/resend')).status).toBe(401);
  });

  test('when a personal address is confirmed, then the mailbox is proved but there is no Verified badge (no college membership)', async () => {
    const { user } = await registerStudent(auth.app, { email: `someone.${Date.now()}@gmail.com`, college: MIT });
    expect(user).toMatchObject({ emailConfirmed: true, isVerified: false });
    await waitFor(async () => (await auth.runtime.directory.get(user.id))?.emailConfirmed === true);
    expect(await auth.runtime.directory.get(user.id)).toMatchObject({ emailConfirmed: true, isVerified: false });
  });

  test('when an admin moves students, then the badge follows a confirmed address at the new college only', async () => {
    const admin = await registerAdmin(auth.app);
    const unconfirmed = await registerStudent(auth.app, { email: `mover.${Date.now()}@stanford.edu`, college: MIT }, { confirm: false });
    const confirmed = await registerStudent(auth.app, { email: `mover2.${Date.now()}@stanford.edu`, college: MIT });
    expect(confirmed.user.isVerified).toBe(false);

    const move = (userId: string) =>
      request(auth.app).post('/api/admin/change-college').set(bearer(admin.token)).send({ userId, collegeId: STANFORD });
    expect((await move(unconfirmed.user.id)).body).toMatchObject({ collegeId: STANFORD, isVerified: false, emailConfirmed: false });
    expect((await move(confirmed.user.id)).body).toMatchObject({ collegeId: STANFORD, isVerified: true, emailConfirmed: true });

    // The unconfirmed one confirms later, at Stanford now: the badge comes with it.
    await confirmStudent(auth.app, unconfirmed.body.email);
    expect(await me(unconfirmed.token)).toMatchObject({ emailConfirmed: true, isVerified: true });
  });
});
