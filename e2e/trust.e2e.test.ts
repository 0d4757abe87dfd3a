import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, settle, settledScreenshot } from './support/browser';
import {
  DEMO_PASSWORD,
  type TestStudent,
  collegeByInitials,
  confirmationLink,
  dismissTutorialPrompt,
  expectToast,
  grantSubscription,
  registerStudent,
  uniqueEmail,
  waitForSubscription,
} from './support/journey';

jest.setTimeout(600_000);

const SIZES = { 1366: { width: 1366, height: 768 }, 390: { width: 390, height: 844 } } as const;
const SCHEMES = ['light', 'dark'] as const;
/** Every screen of the journey is looked at in both modes at both widths. */
const LOOKS = Object.entries(SIZES).flatMap(([size, viewport]) => SCHEMES.map((scheme) => ({ size, viewport, scheme })));

/**
 * Issue 25 in real Chromium through the gateway: a new student reads but cannot post until they
 * open the link from the mail catcher, then posts; downloads their data from settings; deletes
 * their account, after which the student they wrote to sees their messages from "Deleted user".
 */
describe('trust journey: confirmed address, data download, deletion', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let college: { id: string; domain: string };
  let friend: TestStudent;
  const email = uniqueEmail('wren', 'brown.edu');
  let token = '';
  let userId = '';
  const postTitle = `Hello from Wren ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    college = await collegeByInitials('Brown', 'brown.edu');
    friend = await registerStudent('Otis', 'Friend', college);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function pageAs(studentToken: string, viewport: { width: number; height: number } = SIZES[1366], scheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const context = await browser.newContext({ viewport, colorScheme: scheme, acceptDownloads: true });
    contexts.push(context);
    await context.addInitScript(
      ([userToken, device]) => {
        if (!sessionStorage.getItem('e2e-init')) {
          localStorage.setItem('userToken', userToken!);
          localStorage.setItem('userDevice', device!);
          sessionStorage.setItem('e2e-init', '1');
        }
      },
      [studentToken, viewport.width < 640 ? 'mobile' : 'desktop'] as const,
    );
    return context.newPage();
  }

  const api = (method: string, path: string, body?: unknown, bearer = token) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  test('when a student registers, then they read but cannot post until they open the e-mailed link; then they post', async () => {
    const registered = await fetch(`${baseUrl()}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, firstName: 'Wren', lastName: 'Walker', college: college.id }),
    });
    expect(registered.status).toBe(201);
    ({ authToken: token, user: { id: userId } } = (await registered.json()) as { authToken: string; user: { id: string } });
    await grantSubscription(email);
    await waitForSubscription(token);
    await api('POST', '/api/tutorial/complete');

    const page = await pageAs(token);
    await page.goto(`${baseUrl()}/`);
    const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
    await banner.waitFor({ timeout: 20_000 });
    await dismissTutorialPrompt(page);
    for (const { size, viewport, scheme } of LOOKS) {
      const look = await pageAs(token, viewport, scheme);
      await look.goto(`${baseUrl()}/`);
      await look.getByRole('region', { name: 'Confirm your e-mail address' }).waitFor({ timeout: 20_000 });
      await dismissTutorialPrompt(look);
      await settledScreenshot(look, `trust-unconfirmed-home-${scheme}-${size}`);
      await look.context().close();
    }
    // The server refuses the write whatever the screen does.
    const topics = (await (await api('GET', '/api/topics')).json()) as Array<{ id: number }>;
    const form = new FormData();
    form.set('title', 'Too early');
    form.set('content', 'Not yet');
    form.set('topicId', String(topics[0]!.id));
    const refused = await fetch(`${baseUrl()}/api/posts`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Confirm your e-mail address/);
    // "Resend" sends another link.
    await banner.getByRole('button', { name: 'Resend link' }).click();
    await expectToast(page, 'Confirmation e-mail sent');

    await page.goto(await confirmationLink(email));
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor({ timeout: 20_000 });
    await page.getByText('You now have the Verified badge').waitFor();
    // The link works once, so the one confirmed page is looked at in each mode and width.
    for (const { size, viewport, scheme } of LOOKS) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, scheme);
      await settledScreenshot(page, `trust-email-confirmed-${scheme}-${size}`);
    }
    await page.setViewportSize(SIZES[1366]);
    await page.getByRole('link', { name: 'Go to Quad' }).click();
    await page.getByRole('button', { name: 'New Post' }).first().waitFor({ timeout: 20_000 });
    await expect(banner.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'New Post' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.waitFor();
    await settle(page);
    await dialog.getByLabel('Title').fill(postTitle);
    await dialog.getByLabel('Content').fill('Confirmed and posting.');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectToast(page, 'Your post has been created successfully!').catch(async (err) => {
      await screenshot(page, 'last-trust-post');
      throw err;
    });
  });

  test('when the student downloads their data from settings, then the JSON holds their post and the message they sent', async () => {
    expect((await api('POST', '/api/messages', { receiverId: friend.userId, content: 'Wren says hi' })).status).toBe(201);
    const page = await pageAs(token);
    await page.goto(`${baseUrl()}/subscription-settings`);
    await page.getByRole('heading', { name: 'Your data' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Your data' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'trust-settings-your-data-1366');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^quad-export-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      userId: string;
      sections: { auth: { profile: { email: string } }; forum: { posts: Array<{ title: string }> }; chat: { messagesSent: Array<{ content: string }> } };
    };
    expect(document.userId).toBe(userId);
    expect(document.sections.auth.profile.email).toBe(email);
    expect(document.sections.forum.posts.map((post) => post.title)).toContain(postTitle);
    expect(document.sections.chat.messagesSent.map((message) => message.content)).toEqual(['Wren says hi']);
    await expectToast(page, 'Download ready');

    const zip = await api('GET', '/api/account/export?format=zip');
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  });

  test('when the settings are looked at in light and dark at 1366 and 390 px, then each is captured', async () => {
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await pageAs(token, viewport, scheme);
        await page.goto(`${baseUrl()}/subscription-settings`);
        await page.getByRole('heading', { name: 'Delete account' }).waitFor({ timeout: 20_000 });
        await page.getByRole('heading', { name: 'Your data' }).scrollIntoViewIfNeeded();
        // The device's scheme is followed (the account chose none).
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
        await screenshot(page, `trust-settings-account-${scheme}-${size}`);
        await page.getByRole('button', { name: 'Delete my account' }).click();
        await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
        await settledScreenshot(page, `trust-delete-dialog-${scheme}-${size}`);
        await page.context().close();
      }
    }
  });

  test('when the student deletes their account with the password and DELETE, then they are signed out and the one they wrote to sees "Deleted user"', async () => {
    const page = await pageAs(token);
    await page.goto(`${baseUrl()}/subscription-settings`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expectToast(page, 'Account deleted');
    await page.waitForURL(/\/auth$/, { timeout: 15_000 });
    expect((await api('GET', '/api/auth/user')).status).toBe(401);
    const signIn = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(401);

    for (const { size, viewport, scheme } of LOOKS) {
      const friendsPage = await pageAs(friend.token, viewport, scheme);
      await friendsPage.goto(`${baseUrl()}/messages`);
      const row = friendsPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Deleted user/ });
      await row.waitFor({ timeout: 20_000 });
      await row.click();
      const conversation = friendsPage.getByRole('region', { name: 'Conversation with Deleted user' });
      await conversation.getByText('Wren says hi').waitFor();
      await conversation.getByText('This account was deleted. You can read your messages, but not reply.').waitFor();
      await settledScreenshot(friendsPage, `trust-deleted-user-in-messages-${scheme}-${size}`);
      await friendsPage.context().close();
    }
    // Their post is gone from the board within seconds.
    for (let attempt = 0; attempt < 50; attempt++) {
      const posts = (await (await api('GET', `/api/posts?topicId=1&limit=50`, undefined, friend.token)).json()) as Array<{ title: string }>;
      if (!posts.some((post) => post.title === postTitle)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the deleted student’s post is still on the board');
  });
});
