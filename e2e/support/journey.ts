/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

export const DEMO_PASSWORD = 'journey-pass-2026';

export function uniqueEmail(prefix: string, domain = 'mit.edu'): string {
  return `${prefix}.${randomBytes(3).toString('hex')}@${domain}`;
}

/** A real photo-like PNG (gradient), so the upload path sniffs and re-encodes actual image bytes. */
export async function samplePhoto(): Promise<Buffer> {
  const width = 256;
  const height = 256;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = x;
      pixels[i + 1] = y;
      pixels[i + 2] = 200;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Waits for a toast with the given title (toasts are one at a time). */
export async function expectToast(page: Page, title: string): Promise<void> {
  await page.getByText(title, { exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
}

/**
 * Starts watching for a toast that shows only briefly: the one before a full page load (after
 * registration) stays 500 ms, which `expectToast`'s polling, at 500 ms apart once a slow request
 * has kept it waiting, can miss. This checks on every animation frame from the moment it is called,
 * so call it before the action and await it after.
 */
export function watchForToast(page: Page, title: string): Promise<void> {
  return page
    .waitForFunction(
      (text) => [...document.querySelectorAll('[role="status"], [role="alert"]')].some((toast) => toast.textContent?.includes(text)),
      title,
      { polling: 'raf', timeout: 15_000 },
    )
    .then(() => undefined);
}

/** Logout from the top bar, or from the side menu on small screens. */
export async function logout(page: Page): Promise<void> {
  const topBarLogout = page.getByRole('button', { name: 'Logout' }).first();
  if (await topBarLogout.isVisible()) {
    await topBarLogout.click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  }
  await page.waitForURL(/\/auth$/, { timeout: 15_000 });
}

/** The first-time tutorial prompt opens on home for a new account; these journeys look elsewhere. */
export async function dismissTutorialPrompt(page: Page): Promise<void> {
  const later = page.getByRole('button', { name: 'Maybe later' });
  await later.waitFor({ timeout: 5000 }).catch(() => undefined);
  if (await later.isVisible()) {
    await later.click();
    await later.waitFor({ state: 'hidden' });
  }
}

/** The signed-in user's id, asked of the API with the token the page keeps. */
export async function currentUserId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('adminToken') ?? localStorage.getItem('userToken');
    const response = await fetch('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } });
    return ((await response.json()) as { id: string }).id;
  });
}

let adminToken: Promise<string> | null = null;

/** One anonymous admin for this test process, through the Admin tab's API (the e2e admin password). */
export function journeyAdminToken(): Promise<string> {
  adminToken ??= (async () => {
    const { baseUrl } = await import('./browser');
    const { E2E_ADMIN_PASSWORD } = await import('./system');
    const response = await fetch(`${baseUrl()}/api/register-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ adminPassword: E2E_ADMIN_PASSWORD, operator: 'e2e-operator' }),
    });
    if (!response.ok) throw new Error(`register-admin: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { adminToken: string }).adminToken;
  })();
  return adminToken;
}

/**
 * Gives a student a year's subscription the way an admin does in the admin panel: a manual
 * subscription by e-mail through the commerce service, which announces it to every service.
 */
export async function grantSubscription(email: string, months = 12): Promise<void> {
  const { baseUrl } = await import('./browser');
  const token = await journeyAdminToken();
  // The commerce service learns of a new account from auth's event: retry the moment it takes
  // (up to 20 s: on a loaded CI box the event has taken more than the 5 s this allowed before).
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(`${baseUrl()}/api/admin/manual-subscription`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ userEmail: email, months }),
    });
    if (response.ok) return;
    if (response.status !== 404 || Date.now() > deadline) {
      throw new Error(`manual subscription for ${email}: ${response.status} ${await response.text()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The token of the newest confirmation link e-mailed to `email`, read back from the SMTP catcher
 * as the student would read their inbox (waits for it to arrive).
 */
export async function confirmationToken(email: string): Promise<string> {
  const address = email.toLowerCase();
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = (await (await fetch(`http://127.0.0.1:${process.env.SMTP_WEB_PORT}/email`)).json()) as Array<{
      subject: string;
      text: string;
      to: Array<{ address: string }>;
    }>;
    const tokens = mails
      .filter((mail) => mail.to.some((to) => to.address === address) && /^Confirm your .* e-mail address$/.test(mail.subject))
      .map((mail) => /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .filter(Boolean);
    if (tokens.length > 0) return tokens.at(-1)!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation e-mail reached ${email}`);
}

/** The confirmation link's page on this run's gateway (the e-mail names PUBLIC_URL's host). */
export async function confirmationLink(email: string): Promise<string> {
  const { baseUrl } = await import('./browser');
  return `${baseUrl()}/verify-email/${await confirmationToken(email)}`;
}

/** Confirms a student's address as opening the e-mailed link does (its page posts the token). */
export async function confirmAddress(email: string): Promise<void> {
  const { baseUrl } = await import('./browser');
  const response = await fetch(`${baseUrl()}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: await confirmationToken(email) }),
  });
  if (!response.ok) throw new Error(`confirm ${email}: ${response.status} ${await response.text()}`);
}

export interface TestStudent {
  email: string;
  token: string;
  userId: string;
  firstName: string;
  lastName: string;
}

/** Registers a student through the gateway's API, confirms the address from the e-mailed link, and gives them a subscription. */
export async function registerStudent(
  firstName: string,
  lastName: string,
  college: { id: string; domain: string },
): Promise<TestStudent> {
  const email = uniqueEmail(firstName.toLowerCase(), college.domain);
  const { baseUrl } = await import('./browser');
  const response = await fetch(`${baseUrl()}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, firstName, lastName, college: college.id }),
  });
  if (!response.ok) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
  const { authToken, user } = (await response.json()) as { authToken: string; user: { id: string } };
  await confirmAddress(email);
  await grantSubscription(email);
  return { email, token: authToken, userId: user.id, firstName, lastName };
}

/** Calls the API through the gateway as a student; retries while another service has not yet learned of a new user. */
export async function apiAs<T>(student: TestStudent, method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
  const { baseUrl } = await import('./browser');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${student.token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (expected.includes(response.status)) return (text ? JSON.parse(text) : null) as T;
    if (Date.now() > deadline) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The id of a college by its initials, from the public college list. */
export async function collegeByInitials(initials: string, domain: string): Promise<{ id: string; domain: string }> {
  const { baseUrl } = await import('./browser');
  const colleges = (await (await fetch(`${baseUrl()}/api/colleges`)).json()) as Array<{ id: string; initials: string }>;
  const college = colleges.find((c) => c.initials === initials);
  if (!college) throw new Error(`no college ${initials}`);
  return { id: college.id, domain };
}

/** Waits until the API answers `path` for this token with something other than 402 (the directory caught up). */
export async function waitForSubscription(token: string): Promise<void> {
  const { baseUrl } = await import('./browser');
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${baseUrl()}/api/topics`, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 402) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('subscription never reached the forum');
}
