import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SCREENSHOT_DIR, VIEWPORTS, baseUrl, launchBrowser, screenshot } from './support/browser';
import { DEMO_PASSWORD, collegeByInitials, dismissTutorialPrompt, expectToast, journeyAdminToken, uniqueEmail } from './support/journey';

jest.setTimeout(180_000);

/**
 * The paid path in real Chromium through the gateway: a new student is sent to
 * /subscription-required, goes on to /subscribe and /payment, submits a Venmo payment; an admin
 * approves it in the admin panel; the student's home opens, settings read Active, and the
 * approval e-mail is in the SMTP catcher.
 */
describe('subscription journey', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function pageWith(storage: Record<string, string>): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(context);
    await context.addInitScript((entries) => {
      if (!sessionStorage.getItem('e2e-init')) {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-init', '1');
      }
    }, storage);
    return context.newPage();
  }

  test('when a new student pays through Venmo and an admin approves it, then the student gets in', async () => {
    // A student registered without any subscription.
    const college = await collegeByInitials('MIT', 'mit.edu');
    const email = uniqueEmail('venmo', college.domain);
    const registered = await fetch(`${baseUrl()}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, firstName: 'Vera', lastName: 'Venmo', college: college.id }),
    });
    expect(registered.status).toBe(201);
    const { authToken } = (await registered.json()) as { authToken: string };

    const student = await pageWith({ userToken: authToken, userDevice: 'desktop' });
    await student.goto(`${baseUrl()}/`);
    await student.getByRole('heading', { name: 'Subscription Required' }).waitFor({ timeout: 20_000 });
    await screenshot(student, 'commerce-subscription-required');

    await student.getByRole('link', { name: 'Subscribe Now' }).click();
    await student.getByRole('heading', { name: 'Join Quad' }).waitFor();
    await student.getByText('Special Launch Pricing').waitFor();
    await screenshot(student, 'commerce-subscribe');
    await student.getByRole('button', { name: 'Subscribe Now' }).click();
    await expectToast(student, 'Payment Required');
    await student.waitForURL(/\/payment$/);

    await student.getByLabel('Venmo username').fill('@vera-venmo');
    await student.getByLabel('Notes (optional)').fill('Sent $10 just now');
    await screenshot(student, 'commerce-payment');
    await student.getByRole('button', { name: 'Submit Payment' }).click();
    await expectToast(student, 'Payment Submitted');
    await student.getByText('Payment under review').waitFor();
    await screenshot(student, 'commerce-payment-under-review');

    // The admin approves it in the admin panel.
    const admin = await pageWith({ adminToken: await journeyAdminToken(), userDevice: 'desktop' });
    await admin.goto(`${baseUrl()}/admin-panel`);
    const request = admin.getByRole('row', { name: 'Payment request from Vera Venmo' });
    await request.waitFor({ timeout: 20_000 });
    await request.getByText('@vera-venmo', { exact: false }).waitFor();
    await screenshot(admin, 'commerce-admin-panel');
    await request.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'Payment updated');
    await request.getByRole('button', { name: 'Approve' }).waitFor({ state: 'detached' });
    await request.getByText('approved').waitFor();
    await screenshot(admin, 'commerce-admin-approved');
    await admin.goto(`${baseUrl()}/admin-panel?tab=users&q=${encodeURIComponent(email)}`);
    await admin.getByRole('table', { name: 'All users' }).getByText(email).waitFor({ timeout: 20_000 });
    // The approval reaches the audit log moderation keeps (audit.admin.action).
    let audited = false;
    for (let attempt = 0; attempt < 20 && !audited; attempt++) {
      await admin.goto(`${baseUrl()}/admin-panel?tab=audit`);
      audited = await admin
        .getByRole('table', { name: 'Audit log' })
        .getByRole('row', { name: /Approved payment.*Vera Venmo/ })
        .waitFor({ timeout: 3000 })
        .then(() => true)
        .catch(() => false);
    }
    expect(audited).toBe(true);
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/commerce-admin-panel-full.png`, fullPage: true });

    // The student's home opens now (every service's directory follows within moments).
    let home = false;
    for (let attempt = 0; attempt < 10 && !home; attempt++) {
      await student.goto(`${baseUrl()}/`);
      home = await student
        .getByRole('button', { name: 'New Post' })
        .first()
        .waitFor({ timeout: 5000 })
        .then(async () => !(await student.getByRole('heading', { name: 'Subscription Required' }).isVisible()))
        .catch(() => false);
    }
    expect(home).toBe(true);
    await dismissTutorialPrompt(student);
    await screenshot(student, 'commerce-student-home');

    await student.goto(`${baseUrl()}/subscription-settings`);
    await student.getByText('Active', { exact: true }).waitFor();
    // The subscription's history (the notification settings on this page name 'Payment approved' too).
    await student.getByText(/Payment approved — active until/).waitFor();
    await screenshot(student, 'commerce-subscription-settings');

    // The approval e-mail, read back from the SMTP catcher.
    const mailApi = `http://127.0.0.1:${process.env.SMTP_WEB_PORT}/email`;
    let mail: { subject: string; to: Array<{ address: string }> } | undefined;
    for (let attempt = 0; attempt < 50 && !mail; attempt++) {
      const mails = (await (await fetch(mailApi)).json()) as Array<{ subject: string; to: Array<{ address: string }> }>;
      // Registration's own e-mail (the address confirmation link) came first: this is the approval's.
      mail = mails.find((m) => m.to.some((to) => to.address === email) && !m.subject.startsWith('Confirm your'));
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mail?.subject).toBe('Your Quad subscription is active');
  });
});
