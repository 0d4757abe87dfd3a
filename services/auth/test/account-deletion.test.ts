import sharp from 'sharp';
import request from 'supertest';
import { ACCOUNT_MESSAGES, type EventEnvelope, type EventData } from '@quad/contracts';
import { type RunningConsumer, redisKeys, startConsumers } from '@quad/common';
import { bearer, uniqueName, waitFor } from '@quad/common/src/testing';
import { restoreRevocations } from '../src/domain/sessions';
import { userModel } from '../src/models/user-model';
import { type AuthTestApp, STUDENT_PASSWORD, registerAdmin, registerStudent, startAuthApp } from './auth-test-app';

/** Issue 25: a student deletes their account with the password and a typed DELETE. */
describe('DELETE /api/account', () => {
  let auth: AuthTestApp;
  let listener: RunningConsumer;
  const deletions: Array<EventEnvelope<EventData<'auth.user.deleted'>>> = [];

  beforeAll(async () => {
    auth = await startAuthApp({}, { consumers: true });
    const { js, jsm, logger } = auth.runtime;
    listener = await startConsumers({
      js,
      jsm,
      logger,
      durable: uniqueName('deletion_listener'),
      handlers: { 'auth.user.deleted': async (event) => void deletions.push(event) },
    });
  });
  afterAll(async () => {
    await listener.stop();
    await auth.close();
  });

  const remove = (token: string, body: object) => request(auth.app).delete('/api/account').set(bearer(token)).send(body);
  const objectExists = (url: string) =>
    auth.deps.media.client.statObject(auth.deps.media.bucket, url.replace(/^\/media\//, '')).then(
      () => true,
      () => false,
    );

  test('when the password is wrong or DELETE is not typed, then 400 and nothing changes', async () => {
    const { token } = await registerStudent(auth.app);
    const wrongPassword = await remove(token, { password: 'not-my-password', confirmation: 'DELETE' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    const notTyped = await remove(token, { password: STUDENT_PASSWORD, confirmation: 'delete' });
    expect(notTyped.status).toBe(400);
    expect(notTyped.body.message).toBe(ACCOUNT_MESSAGES.typeToConfirm);
    expect((await request(auth.app).get('/api/auth/user').set(bearer(token))).status).toBe(200);
  });

  test('when a student deletes their account from one device, then the tokens of their other sessions are refused too, also after a Redis restart', async () => {
    const { token, user, body } = await registerStudent(auth.app);
    const other = await request(auth.app).post('/api/login').send({ email: body.email, password: STUDENT_PASSWORD });
    expect(other.status).toBe(200);
    const otherToken = other.body.authToken as string;
    expect((await request(auth.app).get('/api/auth/user').set(bearer(otherToken))).status).toBe(200);

    expect((await remove(token, { password: STUDENT_PASSWORD, confirmation: 'DELETE' })).status).toBe(200);
    expect((await request(auth.app).get('/api/settings').set(bearer(otherToken))).status).toBe(401);

    // Redis loses the key (a restart without persistence): auth's restore puts it back.
    await auth.deps.redis.del(redisKeys.accountDeleted(user.id));
    await restoreRevocations(auth.deps);
    expect(await auth.deps.redis.ttl(redisKeys.accountDeleted(user.id))).toBeGreaterThan(0);
    expect((await request(auth.app).get('/api/settings').set(bearer(otherToken))).status).toBe(401);
  });

  test('when a student deletes their account, then the record keeps only its id, the photo is gone, the session ends, auth.user.deleted goes out, and the address is free again', async () => {
    const { token, user, body } = await registerStudent(auth.app);
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#EF4444' } }).png().toBuffer();
    const uploaded = await request(auth.app).post('/api/profile/update').set(bearer(token)).attach('profileImage', photo, 'me.png');
    const photoUrl = uploaded.body.profileImageUrl as string;
    expect(await objectExists(photoUrl)).toBe(true);
    await request(auth.app).put('/api/settings').set(bearer(token)).send({ theme: 'dark' }).expect(200);

    const response = await remove(token, { password: STUDENT_PASSWORD, confirmation: 'DELETE' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: ACCOUNT_MESSAGES.deleted });
    const stored = await userModel(auth.runtime.db).findById(user.id).lean();
    expect(stored).toMatchObject({ email: null, passwordHash: null, firstName: 'Deleted', lastName: 'user', profileImageUrl: null, bio: '', major: '' });
    expect(JSON.stringify(stored)).not.toContain(body.email);
    expect(await auth.runtime.db.collection('settings').countDocuments({ _id: user.id } as never)).toBe(0);
    expect(await auth.runtime.db.collection('email_confirmations').countDocuments({ userId: user.id })).toBe(0);
    expect(await objectExists(photoUrl)).toBe(false);
    expect((await request(auth.app).get('/api/auth/user').set(bearer(token))).status).toBe(401);
    expect((await request(auth.app).post('/api/login').send({ email: body.email, password: STUDENT_PASSWORD })).status).toBe(401);
    const event = await waitFor(() => deletions.find((e) => e.data.userId === user.id));
    expect(event.data.version).toBe(stored!.version);
    // Every directory copy shows "Deleted user" from the same write's auth.user.updated.
    await waitFor(async () => (await auth.runtime.directory.get(user.id))?.deleted === true);
    expect(await auth.runtime.directory.get(user.id)).toMatchObject({ firstName: 'Deleted', lastName: 'user', email: null, deleted: true });

    const again = await request(auth.app).post('/api/register').send({ ...body });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(user.id);
  });

  test('when an admin tries, then 403: admins are removed by another admin', async () => {
    const admin = await registerAdmin(auth.app);
    const response = await remove(admin.token, { password: 'whatever', confirmation: 'DELETE' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(ACCOUNT_MESSAGES.adminsCannotDelete);
  });

  test('when nobody is signed in, then 401', async () => {
    expect((await request(auth.app).delete('/api/account').send({ password: 'x', confirmation: 'DELETE' })).status).toBe(401);
  });
});
