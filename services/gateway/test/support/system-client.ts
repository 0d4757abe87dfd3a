/**
 * A browser's calls to a running system, through the gateway's port: accounts made the real way
 * (registration, the anonymous admin path, a manual subscription, a ban), and JSON calls.
 */
import { io } from 'socket.io-client';
import { confirmationTokenFor, waitFor } from '@quad/common/src/testing';
import { SYSTEM_ADMIN_PASSWORD } from './in-process-system';

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Account {
  id: string;
  email: string | null;
  token: string;
  collegeId: string | null;
}

export type SystemClient = ReturnType<typeof systemClient>;

const PASSWORD = 'matrix-password-2026';
let accountCounter = 0;

export function systemClient(baseUrl: string) {
  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method: method.toUpperCase(), headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function expectStatus(answer: Promise<Answer>, expected: number, what: string): Promise<Answer> {
    const got = await answer;
    if (got.status !== expected) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
    return got;
  }

  /** A student registered through the gateway (college '1' is MIT, '2' Stanford), the address confirmed. */
  async function student(collegeId: '1' | '2', name: string): Promise<Account> {
    accountCounter += 1;
    const domain = collegeId === '1' ? 'mit.edu' : 'stanford.edu';
    const email = `${name.toLowerCase()}.${Date.now().toString(36)}${accountCounter}@${domain}`;
    const { body } = await expectStatus(
      call('post', '/api/register', {
        body: { email, password: PASSWORD, firstName: name, lastName: 'Matrix', college: collegeId },
      }),
      201,
      `register ${name}`,
    );
    const { authToken, user } = body as { authToken: string; user: { id: string } };
    // The link e-mailed at registration, read back from the mail catcher: a confirmed student writes.
    await expectStatus(call('post', '/api/auth/verify-email', { body: { token: await confirmationTokenFor(email) } }), 200, `confirm ${name}`);
    return { id: user.id, email, token: authToken, collegeId };
  }

  /** A new session of a student's account, by signing in. */
  async function signIn(account: Account): Promise<string> {
    const { body } = await expectStatus(call('post', '/api/login', { body: { email: account.email, password: PASSWORD } }), 200, 'sign in');
    return (body as { authToken: string }).authToken;
  }

  async function admin(): Promise<Account> {
    const { body } = await expectStatus(
      call('post', '/api/register-admin', { body: { adminPassword: SYSTEM_ADMIN_PASSWORD, operator: 'matrix-tester' } }),
      201,
      'register admin',
    );
    const { adminToken, user } = body as { adminToken: string; user: { id: string } };
    return { id: user.id, email: null, token: adminToken, collegeId: null };
  }

  /** A year granted by the admin; resolves once every service lets the student in. */
  async function subscribe(adminAccount: Account, account: Account): Promise<void> {
    // Commerce learns of a new account from auth's event: until then the e-mail is unknown (404).
    const grant = () => call('post', '/api/admin/manual-subscription', { token: adminAccount.token, body: { userEmail: account.email, months: 12 } });
    await waitFor(async () => ((await grant()).status === 404 ? undefined : true), { timeoutMs: 30_000 });
    await expectStatus(grant(), 200, 'manual subscription');
    // One subscriber route per service that gates on its directory copy.
    for (const path of ['/api/topics', '/api/friends', '/api/chats', '/api/reports/mine']) {
      await waitFor(async () => (await call('get', path, { token: account.token })).status === 200 || undefined, { timeoutMs: 30_000 });
    }
  }

  async function ban(adminAccount: Account, account: Account): Promise<void> {
    await expectStatus(
      call('post', '/api/admin/ban-user', { token: adminAccount.token, body: { userId: account.id, reason: 'Matrix test', banDuration: 72 } }),
      201,
      'ban',
    );
  }

  /** Opens a socket.io connection at /ws: 'connected', or the refusal's status (401, 402, 403). */
  function connectSocket(token: string | undefined): Promise<'connected' | number> {
    return new Promise((resolve) => {
      const socket = io(baseUrl, {
        path: '/ws',
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
        forceNew: true,
      });
      socket.once('connect', () => {
        socket.disconnect();
        resolve('connected');
      });
      socket.once('connect_error', (err: Error & { data?: { status?: number } }) => {
        socket.disconnect();
        resolve(err.data?.status ?? 0);
      });
    });
  }

  return { call, expectStatus, student, signIn, admin, subscribe, ban, connectSocket };
}
