import request from 'supertest';
import { settingsSchema } from '@quad/contracts';
import { bearer } from '@quad/common/src/testing';
import { type AuthTestApp, registerStudent, startAuthApp } from './auth-test-app';

describe('settings', () => {
  let auth: AuthTestApp;

  beforeAll(async () => {
    auth = await startAuthApp();
  });
  afterAll(() => auth.close());

  test('when a student never chose a colour scheme, then it follows the system', async () => {
    const { token } = await registerStudent(auth.app);

    const response = await request(auth.app).get('/api/settings').set(bearer(token));

    expect(response.status).toBe(200);
    expect(settingsSchema.parse(response.body)).toEqual({ theme: 'system' });
  });

  test('when a student picks dark, then it is kept for their account and not for another', async () => {
    const { token } = await registerStudent(auth.app);
    const other = await registerStudent(auth.app);

    const saved = await request(auth.app).put('/api/settings').set(bearer(token)).send({ theme: 'dark' });
    const again = await request(auth.app).put('/api/settings').set(bearer(token)).send({ theme: 'dark' });

    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ theme: 'dark' });
    expect(again.body).toEqual({ theme: 'dark' });
    expect((await request(auth.app).get('/api/settings').set(bearer(token))).body).toEqual({ theme: 'dark' });
    expect((await request(auth.app).get('/api/settings').set(bearer(other.token))).body).toEqual({ theme: 'system' });
    expect(await auth.deps.models.Settings.countDocuments({ theme: 'dark' })).toBe(1);
  });

  test('when the scheme is not one of the three, then 400 and the stored one stays', async () => {
    const { token } = await registerStudent(auth.app);
    await request(auth.app).put('/api/settings').set(bearer(token)).send({ theme: 'light' });

    const response = await request(auth.app).put('/api/settings').set(bearer(token)).send({ theme: 'purple' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please choose System, Light or Dark.' });
    expect((await request(auth.app).get('/api/settings').set(bearer(token))).body).toEqual({ theme: 'light' });
  });

  test('when nobody is signed in, then 401', async () => {
    expect((await request(auth.app).get('/api/settings')).status).toBe(401);
    expect((await request(auth.app).put('/api/settings').send({ theme: 'dark' })).status).toBe(401);
  });
});
