import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot } from './support/browser';
import {
  type TestStudent,
  collegeByInitials,
  dismissTutorialPrompt,
  registerStudent,
  waitForSubscription,
} from './support/journey';

jest.setTimeout(180_000);

/**
 * The search box through the gateway in real Chromium: one student posts, another (same college)
 * presses `/`, types a misspelt word, sees the suggestion, opens the full results and then the
 * post; the same at a phone's width; a student of another college finds nothing.
 */
describe('search journey', () => {
  let browser: Browser;
  let seller: TestStudent;
  let buyer: TestStudent;
  let outsider: TestStudent;
  const contexts: BrowserContext[] = [];
  const stamp = Date.now().toString(36);
  const title = `Selling my graphing calculator ${stamp}`;
  let postId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Colleges no other journey uses, so these results are this journey's alone.
    const yale = await collegeByInitials('YU', 'yale.edu');
    const columbia = await collegeByInitials('CU', 'columbia.edu');
    [seller, buyer, outsider] = await Promise.all([
      registerStudent('Sofia', 'Seller', yale),
      registerStudent('Bruno', 'Buyer', yale),
      registerStudent('Otto', 'Outsider', columbia),
    ]);
    await Promise.all([seller, buyer, outsider].map((student) => waitForSubscription(student.token)));
    const form = new FormData();
    form.set('title', title);
    form.set(
      'content',
      'TI-84 Plus, barely used, with the cover. $40 or best offer, pick-up near the library.',
    );
    form.set('topicId', '1');
    form.set('isAnonymous', 'false');
    const response = await fetch(`${baseUrl()}/api/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seller.token}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`post: ${response.status} ${await response.text()}`);
    postId = ((await response.json()) as { id: string }).id;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function pageFor(
    student: TestStudent,
    viewport: { width: number; height: number },
    path = '/',
  ): Promise<Page> {
    const context = await browser.newContext({ viewport });
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
    await page.goto(`${baseUrl()}${path}`);
    return page;
  }

  test('when a student presses / and types a misspelt word at 1366 px, then the post is suggested, listed highlighted and opens', async () => {
    const page = await pageFor(buyer, { width: 1366, height: 900 });
    await page.getByRole('button', { name: 'New Post' }).first().waitFor({ timeout: 20_000 });
    await dismissTutorialPrompt(page);

    const box = page.getByRole('combobox', { name: 'Search Quad' });
    await pressSlashUntilFocused(page, box);
    await box.pressSequentially(`calculater ${stamp}`, { delay: 30 });
    const suggestion = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first();
    await suggestion.waitFor({ timeout: 10_000 });
    expect(await suggestion.textContent()).toContain(title);
    // The matched word is marked, though the query misspelt it.
    expect(await suggestion.locator('mark').first().textContent()).toBe('calculator');
    await screenshot(page, 'search-suggestions-1366');

    await box.press('Enter');
    await page.waitForURL(/\/search\?q=calculater/);
    const result = page.getByRole('article', { name: `Post: ${title}` });
    await result.waitFor({ timeout: 10_000 });
    expect(await result.locator('mark').allTextContents()).toContain('calculator');
    expect(await result.textContent()).toContain('Sofia Seller');
    await screenshot(page, 'search-results-1366');

    // The tabs narrow the list: no person, poll or idea is called "calculator".
    await page.getByRole('tab', { name: 'People' }).click();
    await page.getByText(/No results for/).waitFor();
    await page.getByRole('tab', { name: 'Posts' }).click();
    await result.waitFor();

    await result.getByRole('link', { name: title }).click();
    await page.waitForURL(new RegExp(`/posts/${postId}$`));
    await page.getByRole('heading', { name: title }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'search-opened-post-1366');
  });

  test('when a student opens Quad at 1,024 px, then the search box sits beside the main links, not over them', async () => {
    const page = await pageFor(buyer, { width: 1024, height: 768 });
    await page.getByRole('button', { name: 'New Post' }).first().waitFor({ timeout: 20_000 });
    await dismissTutorialPrompt(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const polls = await nav.getByRole('link', { name: 'Polls' }).boundingBox();
    const search = await page.getByRole('search').boundingBox();
    // The box starts after the last link; the links keep their names (icons here, the words their tooltips).
    expect(polls && search && polls.x + polls.width <= search.x).toBe(true);
    expect(await nav.getByRole('link', { name: 'Polls' }).getAttribute('title')).toBe('Polls');
    await screenshot(page, 'search-header-1024');
  });

  test('when a student searches at 390 px, then the top bar opens search, the results fit the screen and the post opens', async () => {
    const page = await pageFor(buyer, { width: 390, height: 844 });
    await dismissTutorialPrompt(page);
    // A phone's bar has no room for the box: its search button is the way there.
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click({ timeout: 10_000 });
    await page.waitForURL(/\/search/, { timeout: 10_000 });
    await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).fill(`calculatr ${stamp}`);
    const result = page.getByRole('article', { name: `Post: ${title}` });
    await result.waitFor({ timeout: 20_000 });
    // Nothing wider than the screen: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'search-results-390');
    await result.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title }).waitFor({ timeout: 10_000 });
  });

  test('when a student of another college searches the same words, then nothing is found', async () => {
    const page = await pageFor(
      outsider,
      { width: 1366, height: 900 },
      `/search?q=${encodeURIComponent(`calculator ${stamp}`)}`,
    );
    await page.getByText(/No results for/).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('article').count()).toBe(0);
  });
});

/**
 * `/` focuses the box. On a loaded CI box the tutorial prompt can open after the journey looked for
 * it (its dialog then takes the focus back), so a student who sees the box unfocused presses `/`
 * again: up to three times, 5 s each.
 */
async function pressSlashUntilFocused(page: Page, locator: ReturnType<Page['getByRole']>): Promise<void> {
  const box = await locator.elementHandle();
  const focused = (timeout: number) =>
    page
      .waitForFunction((element) => document.activeElement === element, box, { timeout })
      .then(
        () => true,
        () => false,
      );
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await dismissTutorialPrompt(page);
    if (await focused(1)) return; // focused late by the last press: another `/` would be typed into it
    await page.keyboard.press('/');
    if (await focused(5_000)) return;
  }
  throw new Error('pressing / three times did not focus the search box');
}
