import request from 'supertest';
import { bearer } from '@quad/common/src/testing';
import { createStudentsInBulk, generatedStudents } from '../src/domain/bulk-students';
import { type AuthTestApp, registerAdmin, startAuthApp } from './auth-test-app';

describe('students created in bulk (demo and test campuses)', () => {
  let auth: AuthTestApp;
  beforeAll(async () => {
    auth = await startAuthApp();
  });
  afterAll(() => auth.close());

  test('when 60 students are made in bulk, then each signs in with the one shared password, the admin search finds them, and a second run adds none', async () => {
    const students = generatedStudents(60);
    expect(new Set(students.map((student) => student.email)).size).toBe(60);

    expect(await createStudentsInBulk(auth.deps, students, 'shared-demo-password')).toBe(60);
    expect(await createStudentsInBulk(auth.deps, students, 'shared-demo-password')).toBe(0);

    const stored = await auth.deps.models.User.find({}, { accountKey: 1, passwordHash: 1 }).lean();
    const hashes = new Set(stored.filter((user) => students.some((student) => student.email === user.accountKey)).map((user) => user.passwordHash));
    expect(hashes.size).toBe(1);
    const login = await request(auth.app).post('/api/login').send({ email: students[59]!.email, password: 'shared-demo-password' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ firstName: students[59]!.firstName, isVerified: true });

    const { token } = await registerAdmin(auth.app);
    const found = await request(auth.app).get('/api/admin/users').query({ search: students[10]!.email }).set(bearer(token));
    expect(found.body.map((user: { email: string }) => user.email)).toEqual([students[10]!.email]);
  });
});
