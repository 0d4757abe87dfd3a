import { generateSync } from 'otplib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createRuntime, type ServiceRuntime } from '@quad/common';
import { loadServiceConfig, type Config as AuthConfig } from '../services/auth/src/config';
import { createStudentsInBulk, generatedStudents } from '../services/auth/src/domain/bulk-students';
import { authServiceContext } from '../services/auth/src/domain/context';
import { baseUrl, launchBrowser, screenshot } from './support/browser';
import { DEMO_PASSWORD, collegeByInitials, expectToast, journeyAdminToken, uniqueEmail } from './support/journey';
import { E2E_ADMIN_PASSWORD } from './support/system';

jest.setTimeout(600_000);

const WIDE = { width: 1366, height: 900 };
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const CAMPUS = 2000;
/** A payment note as long as students write them: it must not push the row's buttons out of sight. */
const LONG_NOTE =
  'Sent this morning from my checking account, memo "Quad membership spring semester", the transfer confirmation number is 4471-2209-8812 in case it does not show at once';

/** The newest e-mail to `address` in the SMTP catcher (maildev's HTTP API). */
async function mailTo(address: string): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = (await (await fetch(`http://127.0.0.1:${process.env.SMTP_WEB_PORT}/email`)).json()) as Array<{ subject: string; text: string; to: Array<{ address: string }> }>;
    const mail = mails.find((entry) => entry.to.some((to) => to.address === address));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${address}`);
}

/** Whether each part lies inside the table's visible box (its scroll container), with no sideways scrolling. */
async function insideTableBox(table: Locator, parts: Locator[]): Promise<boolean[]> {
  const visible = await table.locator('xpath=..').boundingBox();
  return Promise.all(
    parts.map(async (part) => {
      const box = await part.boundingBox();
      return Boolean(visible && box && box.x >= visible.x && box.x + box.width <= visible.x + visible.width);
    }),
  );
}

/**
 * The admin panel on a campus of 2,000 students, in real Chromium through the gateway: a bootstrap
 * admin invites a named admin by e-mail; the invitee opens the e-mailed link, chooses a password,
 * sets up TOTP with a code computed from the secret the page shows and saves the recovery codes;
 * then finds one student among 2,000 by search, approves her payment, and sees their own name on
 * the approval in the audit log. Screenshots at 1366 px and 390 px.
 */
describe('admin panel journey', () => {
  let browser: Browser;
  let authRuntime: ServiceRuntime<AuthConfig>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    // The campus, made as the demo seed makes it: through auth's repository, one password hash.
    authRuntime = await createRuntime({ service: 'auth', config: loadServiceConfig({ ...process.env, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, LOG_LEVEL: 'warn' }) });
    await createStudentsInBulk(authServiceContext(authRuntime), generatedStudents(CAMPUS), DEMO_PASSWORD);
  }, 600_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await authRuntime?.close();
  });

  async function pageWith(viewport: { width: number; height: number }, storage: Record<string, string> = {}): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    await context.addInitScript((entries) => {
      if (!sessionStorage.getItem('e2e-init')) {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-init', '1');
      }
    }, storage);
    return context.newPage();
  }

  test('when an admin is invited, enrols 2FA, finds a student among 2,000 and approves her payment, then the audit log names that admin', async () => {
    // A student with a Venmo payment waiting, among the campus.
    const college = await collegeByInitials('SU', 'stanford.edu');
    const studentEmail = uniqueEmail('wanda', college.domain);
    const registered = await fetch(`${baseUrl()}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: studentEmail, password: DEMO_PASSWORD, firstName: 'Wanda', lastName: 'Quillfeather', college: college.id }),
    });
    expect(registered.status).toBe(201);
    const { authToken: studentToken } = (await registered.json()) as { authToken: string };
    for (let attempt = 0; ; attempt++) {
      const submitted = await fetch(`${baseUrl()}/api/payments/submit`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${studentToken}` },
        body: JSON.stringify({ venmoUsername: '@wanda-q', notes: LONG_NOTE, amount: '10' }),
      });
      if (submitted.status === 201) break;
      if (attempt > 50) throw new Error(`payment submit: ${submitted.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // A bootstrap admin invites Hedy by e-mail from the Admins tab.
    const inviteeEmail = uniqueEmail('hedy', 'quad.test');
    const bootstrap = await pageWith(WIDE, { adminToken: await journeyAdminToken(), userDevice: 'desktop' });
    await bootstrap.goto(`${baseUrl()}/admin-panel?tab=admins`);
    const invite = bootstrap.getByRole('form', { name: 'Invite an admin' });
    await invite.getByLabel('Email').fill(inviteeEmail);
    await invite.getByLabel('First name').fill('Hedy');
    await invite.getByLabel('Last name').fill('Lamarr');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(bootstrap, 'Invitation sent');

    // Hedy opens the e-mailed link, chooses a password and sets up her authenticator.
    const mail = await mailTo(inviteeEmail);
    const link = /(https?:\/\/\S+\/admin-invite\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const hedy = await pageWith(WIDE, { userDevice: 'desktop' });
    await hedy.goto(`${baseUrl()}${new URL(link!).pathname}`);
    await hedy.getByLabel('Choose a password').fill('hedy-long-password');
    await hedy.getByRole('button', { name: 'Create admin account' }).click();
    await hedy.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await screenshot(hedy, 'admin-2fa-enrolment');
    const secret = (await hedy.getByLabel('Authenticator secret').textContent())!.trim();
    await hedy.getByLabel('Authentication code').fill(generateSync({ secret }));
    await hedy.getByRole('button', { name: 'Verify' }).click();
    const codes = hedy.getByRole('list', { name: 'Your recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await hedy.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expectToast(hedy, 'Welcome to the Quad admins!');

    // She finds Wanda among 2,000 students by search.
    await hedy.goto(`${baseUrl()}/admin-panel?tab=users`);
    const users = hedy.getByRole('table', { name: 'All users' });
    await users.waitFor({ timeout: 20_000 });
    const pageInfo = hedy.getByText(/Page 1 · [\d,]+ accounts/);
    await pageInfo.waitFor();
    const total = /· ([\d,]+) accounts/.exec((await pageInfo.textContent())!)?.[1];
    expect(Number(total?.replace(/,/g, ''))).toBeGreaterThanOrEqual(CAMPUS);
    await screenshot(hedy, 'admin-users-1366');
    await hedy.getByLabel('Search users').fill('wanda quill');
    // The search goes to the server (and into the URL) after a short pause; then she is the one row.
    await hedy.waitForURL((url) => url.searchParams.get('q') === 'wanda quill');
    await users.getByText(studentEmail).waitFor({ timeout: 20_000 });
    await hedy.waitForFunction(() => document.querySelectorAll('table[aria-label="All users"] tbody tr').length === 1, undefined, { timeout: 20_000 });
    await screenshot(hedy, 'admin-users-search-1366');

    // On a 1,280 px laptop the tables fit their card: the last column of All users, and the Approve
    // and Reject buttons beside a long note, are in view without scrolling sideways.
    const laptop = await pageWith(LAPTOP, { adminToken: (await hedy.evaluate(() => localStorage.getItem('adminToken')))!, userDevice: 'desktop' });
    await laptop.goto(`${baseUrl()}/admin-panel?tab=users`);
    const allUsers = laptop.getByRole('table', { name: 'All users' });
    await allUsers.getByRole('row').nth(1).waitFor({ timeout: 20_000 });
    const usersInView = await insideTableBox(allUsers, [allUsers.getByRole('columnheader', { name: 'Joined' }), allUsers.getByRole('row').nth(1).getByRole('cell').last()]);
    await screenshot(laptop, 'admin-users-1280');
    await laptop.goto(`${baseUrl()}/admin-panel`);
    const payments = laptop.getByRole('table', { name: 'Payment requests' });
    const pendingRow = payments.getByRole('row', { name: 'Payment request from Wanda Quillfeather' });
    await pendingRow.getByText(/Sent this morning/).waitFor({ timeout: 20_000 });
    const paymentsInView = await insideTableBox(payments, [pendingRow.getByRole('button', { name: 'Approve' }), pendingRow.getByRole('button', { name: 'Reject' })]);
    await screenshot(laptop, 'admin-payments-1280');
    expect({ usersInView, paymentsInView }).toEqual({ usersInView: [true, true], paymentsInView: [true, true] });

    // She approves Wanda's payment.
    await hedy.goto(`${baseUrl()}/admin-panel`);
    const request = hedy.getByRole('row', { name: 'Payment request from Wanda Quillfeather' });
    await request.waitFor({ timeout: 20_000 });
    await screenshot(hedy, 'admin-payments-1366');
    await request.getByRole('button', { name: 'Approve' }).click();
    await expectToast(hedy, 'Payment updated');
    await request.getByText('Hedy Lamarr').waitFor({ timeout: 20_000 });

    // The audit log names her on the approval (moderation stores it a moment later).
    let audited = false;
    for (let attempt = 0; attempt < 30 && !audited; attempt++) {
      await hedy.goto(`${baseUrl()}/admin-panel?tab=audit`);
      audited = await hedy
        .getByRole('table', { name: 'Audit log' })
        .getByRole('row', { name: /Hedy Lamarr.*Approved payment.*Wanda Quillfeather/ })
        .waitFor({ timeout: 3000 })
        .then(() => true)
        .catch(() => false);
    }
    expect(audited).toBe(true);
    await screenshot(hedy, 'admin-audit-1366');

    // The same panel on a phone.
    const token = await hedy.evaluate(() => localStorage.getItem('adminToken'));
    const phone = await pageWith(PHONE, { adminToken: token!, userDevice: 'mobile' });
    await phone.goto(`${baseUrl()}/admin-panel?tab=users&q=wanda`);
    await phone.getByRole('table', { name: 'All users' }).getByText(studentEmail).waitFor({ timeout: 20_000 });
    await screenshot(phone, 'admin-users-390');
    await phone.goto(`${baseUrl()}/admin-panel`);
    await phone.getByRole('table', { name: 'Payment requests' }).waitFor({ timeout: 20_000 });
    await screenshot(phone, 'admin-payments-390');
  });
});
