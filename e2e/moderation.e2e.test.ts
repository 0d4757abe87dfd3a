import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, baseUrl, launchBrowser, screenshot } from './support/browser';
import { E2E_ADMIN_PASSWORD } from './support/system';
import {
  type TestStudent,
  collegeByInitials,
  dismissTutorialPrompt,
  expectToast,
  registerStudent,
  waitForSubscription,
} from './support/journey';

jest.setTimeout(180_000);

/**
 * Moderation through the gateway in real Chromium: a student reports a post; an admin resolves the
 * report with removal and bans the author, whose open browser then shows the suspension screen;
 * the author appeals from it; the admin accepts the appeal and the author is back in.
 */
describe('moderation journey', () => {
  let browser: Browser;
  let author: TestStudent;
  let reporter: TestStudent;
  let adminToken: string;
  const contexts: BrowserContext[] = [];
  const stamp = Date.now().toString(36);
  const postTitle = `Cheap essays, any subject ${stamp}`;
  const otherTitle = `Lost keys near the library ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A college no other journey uses.
    const college = await collegeByInitials('GT', 'gatech.edu');
    [author, reporter] = await Promise.all([registerStudent('Mallory', 'Reed', college), registerStudent('Ada', 'Byron', college)]);
    await Promise.all([author, reporter].map((s) => waitForSubscription(s.token)));
    const admin = await fetch(`${baseUrl()}/api/register-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ adminPassword: E2E_ADMIN_PASSWORD, operator: 'e2e-operator' }),
    });
    if (!admin.ok) throw new Error(`register-admin: ${admin.status} ${await admin.text()}`);
    adminToken = ((await admin.json()) as { adminToken: string }).adminToken;
    for (const title of [otherTitle, postTitle]) {
      const form = new FormData();
      form.set('title', title);
      form.set('content', title.startsWith('Cheap') ? 'DM me, $20 a page, guaranteed A.' : 'Blue keyring with a bike key. Ask at the desk.');
      form.set('topicId', '1');
      form.set('isAnonymous', 'false');
      const created = await fetch(`${baseUrl()}/api/posts`, { method: 'POST', headers: { Authorization: `Bearer ${author.token}` }, body: form });
      if (created.status !== 201) throw new Error(`create post: ${created.status} ${await created.text()}`);
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function pageWith(storage: Record<string, string>, path = '/'): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(context);
    await context.addInitScript((entries) => {
      if (!sessionStorage.getItem('e2e-init')) {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-init', '1');
      }
    }, { userDevice: 'desktop', ...storage });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${path}`);
    return page;
  }

  async function homeOf(student: TestStudent): Promise<Page> {
    const page = await pageWith({ userToken: student.token });
    await page.getByRole('button', { name: 'New Post' }).first().waitFor({ timeout: 20_000 });
    await dismissTutorialPrompt(page);
    return page;
  }

  const card = (page: Page, title: string) => page.getByRole('article', { name: title });

  test('when a post is reported, removed and its author banned, then the author sees the suspension screen, appeals, and is let back in when the appeal is accepted', async () => {
    // The author is on the boards in their own browser all along.
    const authorPage = await homeOf(author);
    await card(authorPage, postTitle).waitFor();
    // No report on your own post.
    expect(await card(authorPage, postTitle).getByRole('button', { name: 'Report' }).count()).toBe(0);

    // A student reports the post.
    const reporterPage = await homeOf(reporter);
    await card(reporterPage, postTitle).getByRole('button', { name: 'Report' }).click();
    const dialog = reporterPage.getByRole('dialog', { name: 'Report Post' });
    await dialog.getByRole('radio', { name: /^Spam/ }).check();
    await dialog.getByLabel('Additional details (optional)').fill('Selling essays to students, against the honour code.');
    await screenshot(reporterPage, 'moderation-report-dialog');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(reporterPage, 'Report submitted');

    // The admin resolves it with removal...
    const adminPage = await pageWith({ adminToken }, '/admin-reports');
    const pending = adminPage.getByRole('listitem', { name: 'Post reported for Spam' }).filter({ hasText: 'Selling essays to students' });
    await pending.waitFor({ timeout: 20_000 });
    await screenshot(adminPage, 'moderation-pending-reports');
    await pending.getByRole('button', { name: 'Resolve' }).click();
    const resolve = adminPage.getByRole('dialog', { name: 'Resolve Report' });
    expect(await resolve.getByLabel('Remove this post from Quad').isChecked()).toBe(true);
    await resolve.getByRole('button', { name: 'Resolve Report' }).click();
    await expectToast(adminPage, 'Report resolved');

    // ... and bans the author from the resolved report (24 hours by default).
    await adminPage.getByRole('tab', { name: 'Resolved Reports' }).click();
    const resolved = adminPage.getByRole('listitem', { name: 'Post reported for Spam' }).filter({ hasText: 'Selling essays to students' });
    await resolved.getByText('Content removed').waitFor();
    await resolved.getByRole('button', { name: 'Ban User' }).click();
    const ban = adminPage.getByRole('dialog', { name: 'Ban User' });
    expect(await ban.getByLabel('Ban duration').inputValue()).toBe('24');
    await ban.getByLabel('Reason').fill('Selling essays to other students');
    await screenshot(adminPage, 'moderation-ban-dialog');
    await ban.getByRole('button', { name: 'Ban User' }).click();
    await expectToast(adminPage, 'User banned');

    // The post is gone for the reporter.
    await reporterPage.reload();
    await card(reporterPage, otherTitle).waitFor({ timeout: 20_000 });
    expect(await card(reporterPage, postTitle).count()).toBe(0);

    // The author's open browser: their next step shows the suspension screen. It may show already:
    // any call the page makes in the background (the bell's count after a push, a reconnect) is
    // answered "Account suspended" and brings it up by itself.
    const suspended = authorPage.getByRole('heading', { name: 'Account Suspended' });
    const comment = card(authorPage, otherTitle).getByRole('button', { name: /Comment/ });
    await comment.or(suspended).first().waitFor({ timeout: 20_000 });
    if (!(await suspended.isVisible())) await comment.click({ timeout: 5_000 }).catch(() => undefined);
    await suspended.waitFor({ timeout: 10_000 });
    await authorPage.getByText('Selling essays to other students').waitFor();
    await screenshot(authorPage, 'moderation-suspension-screen');

    // A suspended student may still take their data: the zip of everything they made.
    const [download] = await Promise.all([
      authorPage.waitForEvent('download'),
      authorPage.getByRole('button', { name: 'Download your data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quad-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(readFileSync((await download.path())!).subarray(0, 2).toString()).toBe('PK');

    // The author appeals.
    const appeal = authorPage.getByRole('form', { name: 'Appeal this suspension' });
    await appeal.getByLabel('Why should the suspension be lifted?').fill('I understand now and have stopped. Please let me back in for my study groups.');
    await appeal.getByRole('button', { name: 'Send Appeal' }).click();
    await expectToast(authorPage, 'Appeal sent');
    await authorPage.getByRole('heading', { name: 'Appeal under review' }).waitFor();
    await screenshot(authorPage, 'moderation-appeal-under-review');

    // The admin sees the appeal beside the ban and accepts it.
    await adminPage.reload();
    await adminPage.getByRole('tab', { name: /Banned Users/ }).click();
    const banned = adminPage.getByRole('listitem', { name: 'Ban of Mallory Reed' });
    await banned.getByText('Please let me back in for my study groups.', { exact: false }).waitFor({ timeout: 20_000 });
    await screenshot(adminPage, 'moderation-banned-users-appeal');
    await banned.getByRole('button', { name: 'Accept Appeal' }).click();
    await expectToast(adminPage, 'Appeal accepted');
    await banned.waitFor({ state: 'detached', timeout: 15_000 });

    // Access returns for the author.
    await authorPage.reload();
    await authorPage.getByRole('heading', { name: 'Appeal accepted' }).waitFor({ timeout: 15_000 }).catch(() => undefined);
    const continueButton = authorPage.getByRole('button', { name: 'Continue to Quad' });
    if (await continueButton.isVisible()) await continueButton.click();
    await authorPage.getByRole('button', { name: 'New Post' }).first().waitFor({ timeout: 20_000 });
    await dismissTutorialPrompt(authorPage);
    await card(authorPage, otherTitle).waitFor();
    expect(await card(authorPage, postTitle).count()).toBe(0);
    await screenshot(authorPage, 'moderation-access-restored');
  });
});
