import type { Express } from 'express';
import request from 'supertest';
import { AUTH_COOKIE, type User } from '@quad/contracts';
import type { ServiceRuntime } from '@quad/common';
import { confirmationTokenFor, createTestRuntime, destroyTestRuntime } from '@quad/common/src/testing';
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { prepareAuth } from '../src/setup';
import { type AuthServiceContext, authServiceContext } from '../src/domain/context';
import { startEventConsumers } from '../src/incoming-events';

export const TEST_ADMIN_PASSWORD = 'test-admin-pass';
export const STUDENT_PASSWORD = 'correct-horse-battery';
export const MIT = '1';
export const STANFORD = '2';

export interface AuthTestApp {
  runtime: ServiceRuntime<Config>;
  deps: AuthServiceContext;
  app: Express;
  close(): Promise<void>;
}

/**
 * A real auth app on its own database, consumer names and rate-limit keys, against the real
 * infrastructure the jest global setup started. Rate limits are generous unless overridden.
 */
export async function startAuthApp(
  env: Record<string, string> = {},
  options: { consumers?: boolean } = {},
): Promise<AuthTestApp> {
  const config = loadServiceConfig({
    ...process.env,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_ADMIN_PER_IP: '1000',
    ...env,
  });
  const runtime = await createTestRuntime('auth', config);
  await prepareAuth(runtime);
  if (options.consumers) await startEventConsumers(runtime);
  return {
    runtime,
    deps: authServiceContext(runtime),
    app: createApp(runtime),
    close: () => destroyTestRuntime(runtime),
  };
}

let studentCount = 0;

/** A registration body for a new MIT student with a unique address. */
export function newStudent(
  overrides: Partial<Record<'email' | 'password' | 'firstName' | 'lastName' | 'college', string>> = {},
) {
  studentCount += 1;
  return {
    email: `student${studentCount}.${Date.now()}@mit.edu`,
    password: STUDENT_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    college: MIT,
    ...overrides,
  };
}

/**
 * Registers a student and, unless `confirm: false`, confirms the address as the student would:
 * the link's token read back from the SMTP catcher, posted to /api/auth/verify-email. `user` is
 * the account as it stands after that.
 */
export async function registerStudent(
  app: Express,
  overrides: Parameters<typeof newStudent>[0] = {},
  options: { confirm?: boolean } = {},
) {
  const body = newStudent(overrides);
  const response = await request(app).post('/api/register').send(body);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  const token = response.body.authToken as string;
  if (options.confirm === false) return { token, user: response.body.user as User, body };
  await confirmStudent(app, body.email);
  const me = await request(app).get('/api/auth/user').set('Authorization', `Bearer ${token}`);
  return { token, user: me.body as User, body };
}

/** Opens the newest confirmation link e-mailed to `email`. */
export async function confirmStudent(app: Express, email: string): Promise<void> {
  const confirmation = await request(app).post('/api/auth/verify-email').send({ token: await confirmationTokenFor(email.toLowerCase()) });
  if (confirmation.status !== 200) throw new Error(`confirm failed: ${confirmation.status} ${confirmation.text}`);
}

export async function registerAdmin(app: Express) {
  const response = await request(app)
    .post('/api/register-admin')
    .send({ adminPassword: TEST_ADMIN_PASSWORD, operator: 'test-operator' });
  if (response.status !== 201) throw new Error(`register-admin failed: ${response.status} ${response.text}`);
  return { token: response.body.adminToken as string, user: response.body.user as User };
}

/** The session cookie a response set, as its raw Set-Cookie line. */
export function sessionCookie(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((line) => line.startsWith(`${AUTH_COOKIE}=`));
}
