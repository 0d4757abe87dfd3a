import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, baseUrl, launchBrowser, screenshot } from './support/browser';
import { type TestStudent, collegeByInitials, expectToast, registerStudent, waitForSubscription } from './support/journey';

jest.setTimeout(180_000);

/**
 * The ideas hub and polls through the gateway in real Chromium. Ideas cross colleges: Ada shares
 * one, Alan of another college finds it, comments and says he is interested, Ada sees him with a
 * Message link and deletes the idea. Polls stay in a college: Ada creates one, votes, switches,
 * removes her vote and deletes it.
 */
describe('ideas and polls journey', () => {
  let browser: Browser;
  let ada: TestStudent;
  let alan: TestStudent;
  const contexts: BrowserContext[] = [];
  const stamp = Date.now().toString(36);
  const ideaTitle = `Campus rideshare ${stamp}`;
  const question = `Best study spot ${stamp}?`;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Not Harvard: the forum journey counts the views of its Harvard posts, and a student of the
    // same college landing on home meanwhile would view them too.
    const princeton = await collegeByInitials('PU', 'princeton.edu');
    const stanford = await collegeByInitials('SU', 'stanford.edu');
    [ada, alan] = await Promise.all([registerStudent('Ada', 'Lovelace', princeton), registerStudent('Alan', 'Turing', stanford)]);
    await Promise.all([ada, alan].map((s) => waitForSubscription(s.token)));
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  /** A signed-in desktop page at `path`: token and device in storage, as after sign-in. */
  async function pageFor(student: TestStudent, path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(context);
    await context.addInitScript((token) => {
      localStorage.setItem('userToken', token);
      localStorage.setItem('userDevice', 'desktop');
    }, student.token);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${path}`);
    return page;
  }

  const ideaCard = (page: Page, title: string) => page.getByRole('article', { name: title });

  test('when an idea is shared, found by filters, commented on and joined from another college, then its author sees it all and deletes it', async () => {
    const adaPage = await pageFor(ada, '/ideas');
    await adaPage.getByRole('heading', { name: 'Ideas Hub' }).waitFor({ timeout: 20_000 });
    await adaPage.getByRole('group', { name: 'Total Ideas' }).waitFor();

    // Share Idea: required fields first, then the whole idea.
    await adaPage.getByRole('button', { name: 'Share Idea' }).first().click();
    const dialog = adaPage.getByRole('dialog', { name: 'Share Your Idea' });
    await dialog.getByLabel('Title').fill(ideaTitle);
    await dialog.getByRole('button', { name: 'Share Idea' }).click();
    await adaPage.getByText('Please fill in all required fields', { exact: true }).waitFor();
    await dialog.getByLabel('Description').fill('Match students flying out on the same day so they split a ride to the airport.');
    await dialog.getByLabel('Category').selectOption('Transportation');
    await dialog.getByLabel('Stage').selectOption('MVP');
    await dialog.getByLabel('Mobile Development').check();
    await dialog.getByLabel('Sales').check();
    await screenshot(adaPage, 'ideas-share-dialog-desktop');
    await dialog.getByRole('button', { name: 'Share Idea' }).click();
    await expectToast(adaPage, 'Idea shared');
    await ideaCard(adaPage, ideaTitle).waitFor();
    await screenshot(adaPage, 'ideas-hub-desktop');

    // Alan, at another college, finds it by search, filters and sort.
    const alanPage = await pageFor(alan, '/ideas');
    await alanPage.getByLabel('Search', { exact: true }).fill(`rideshare ${stamp}`);
    await alanPage.getByLabel('Category').selectOption('Transportation');
    await alanPage.getByLabel('Skill').selectOption('Sales');
    await alanPage.getByLabel('Sort by').selectOption('discussed');
    const found = ideaCard(alanPage, ideaTitle);
    await found.waitFor();
    await found.getByText('Ada Lovelace').waitFor();
    await found.getByText(/Princeton/).waitFor();
    expect(await alanPage.getByRole('article').count()).toBe(1);
    await alanPage.getByLabel('Stage').selectOption('Launch Ready');
    await alanPage.getByText('No ideas found').waitFor();
    await screenshot(alanPage, 'ideas-filtered-empty-desktop');
    await alanPage.getByLabel('Stage').selectOption('');
    await found.waitFor();
    await screenshot(alanPage, 'ideas-filtered-desktop');

    // He opens it, comments and says he is interested.
    await found.getByRole('link', { name: 'View Details' }).click();
    await alanPage.waitForURL(/\/ideas\/[a-f0-9]{24}$/);
    await alanPage.getByRole('heading', { name: ideaTitle, level: 1 }).waitFor();
    const comments = alanPage.getByRole('region', { name: 'Comments' });
    await comments.getByLabel('Write a comment').fill('I fly home every break, count me in!');
    await comments.getByRole('button', { name: 'Post', exact: true }).click();
    await comments.getByText('I fly home every break, count me in!').waitFor();
    await comments.getByText('Comments (1)').waitFor();
    await alanPage.getByRole('button', { name: "I'm interested" }).click();
    await alanPage.getByRole('button', { name: 'Interested', exact: true, pressed: true }).waitFor();
    await alanPage.getByText('1 student is interested.').waitFor();
    await screenshot(alanPage, 'idea-detail-visitor-desktop');

    // Ada sees the comment count, the comment and Alan among the interested, with a Message link.
    await adaPage.reload();
    const mine = ideaCard(adaPage, ideaTitle);
    await mine.getByLabel('1 comment', { exact: true }).waitFor();
    await mine.getByRole('link', { name: 'View Details' }).click();
    const interest = adaPage.getByRole('region', { name: 'Interest' });
    await interest.getByText('Alan Turing').waitFor();
    expect(await interest.getByRole('link', { name: 'Message Alan Turing' }).getAttribute('href')).toBe(`/messages?userId=${alan.userId}`);
    await adaPage.getByText('I fly home every break, count me in!').waitFor();
    await screenshot(adaPage, 'idea-detail-author-desktop');

    // She deletes it from the detail page, after confirming.
    await adaPage.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = adaPage.getByRole('dialog', { name: 'Delete idea' });
    await confirm.getByText('Are you sure you want to delete this idea? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(adaPage, 'Idea deleted');
    await adaPage.waitForURL(/\/ideas$/);
    await adaPage.getByRole('group', { name: 'Total Ideas' }).waitFor();
    expect(await ideaCard(adaPage, ideaTitle).count()).toBe(0);
  });

  test('when a poll is created, voted on, switched, unvoted and deleted, then counts and marks follow each step', async () => {
    const page = await pageFor(ada, '/polls');
    await page.getByRole('heading', { name: 'Polls', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Create Poll' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Poll' });
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await page.getByText('Please enter a poll question.', { exact: true }).waitFor();
    await dialog.getByLabel('Question').fill(question);
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Library');
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await page.getByText('Please provide at least 2 options for your poll.', { exact: true }).waitFor();
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Café');
    await dialog.getByRole('button', { name: 'Add Option' }).click();
    await dialog.getByRole('textbox', { name: 'Option 3' }).fill('Dorm');
    await dialog.getByRole('button', { name: 'Add Option' }).click();
    await dialog.getByRole('button', { name: 'Remove option 4' }).click();
    await screenshot(page, 'polls-create-dialog-desktop');
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await expectToast(page, 'Poll created');

    const poll = page.getByRole('article', { name: question });
    const option = (name: string) => poll.getByRole('button', { name: new RegExp(`^(Your vote)?${name}`) });
    await poll.waitFor();
    await poll.getByText('0 votes', { exact: true }).waitFor();

    await option('Library').click();
    await poll.locator('button[aria-pressed="true"]', { hasText: 'Library' }).waitFor();
    await option('Library').getByText('1 vote · 100%').waitFor();
    await screenshot(page, 'polls-voted-desktop');

    await option('Café').click();
    await poll.locator('button[aria-pressed="true"]', { hasText: 'Café' }).waitFor();
    await option('Café').getByText('1 vote · 100%').waitFor();
    await option('Library').getByText('0 votes · 0%').waitFor();
    await screenshot(page, 'polls-switched-desktop');

    await option('Café').click();
    await poll.getByText('0 votes', { exact: true }).waitFor();
    expect(await poll.locator('button[aria-pressed="true"]').count()).toBe(0);

    // After a reload the server's counts say the same.
    await page.reload();
    await poll.getByText('0 votes', { exact: true }).waitFor();

    await poll.getByRole('button', { name: 'Delete poll' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete poll' });
    await confirm.getByText('Are you sure you want to delete this poll? This action cannot be undone.').waitFor();
    await screenshot(page, 'polls-delete-confirm-desktop');
    // Hold the delete on its way for a moment, to see the poll greyed and locked meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/polls/*', async (route) => {
      if (route.request().method() === 'DELETE') await held;
      await route.continue();
    });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await poll.getByRole('button', { name: 'Delete poll' }).getByText('Deleting...').waitFor();
    expect(await option('Library').isDisabled()).toBe(true);
    expect(await poll.getAttribute('data-deleting')).toBe('true');
    await screenshot(page, 'polls-deleting-desktop');
    release();
    await expectToast(page, 'Poll deleted');
    await poll.waitFor({ state: 'detached' });
    await screenshot(page, 'polls-after-delete-desktop');

    // Alan, at another college, never saw it.
    const polls = (await (await fetch(`${baseUrl()}/api/polls/all`, { headers: { Authorization: `Bearer ${alan.token}` } })).json()) as Array<{ question: string }>;
    expect(polls.some((found) => found.question === question)).toBe(false);
  });
});
