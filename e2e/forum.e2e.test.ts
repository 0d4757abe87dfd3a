import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, baseUrl, launchBrowser, screenshot } from './support/browser';
import {
  type TestStudent,
  collegeByInitials,
  dismissTutorialPrompt,
  expectToast,
  registerStudent,
  samplePhoto,
  waitForSubscription,
} from './support/journey';

jest.setTimeout(180_000);

/**
 * Topic boards through the gateway in real Chromium: two students of one college and one of
 * another. Posts with an image and anonymously, comments, edits, deletes and views; the other
 * college sees none of it; the tutorial and walkthrough run once and never reopen on reload.
 */
describe('topic boards journey', () => {
  let browser: Browser;
  let ada: TestStudent;
  let grace: TestStudent;
  let alan: TestStudent;
  const contexts: BrowserContext[] = [];
  const stamp = Date.now().toString(36);
  const imagePostTitle = `Robotics club demo night ${stamp}`;
  const anonymousPostTitle = `Honest question about finals ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A college no other journey uses, so views and counts here are this journey's alone.
    const harvard = await collegeByInitials('HU', 'harvard.edu');
    const stanford = await collegeByInitials('SU', 'stanford.edu');
    [ada, grace, alan] = await Promise.all([
      registerStudent('Ada', 'Lovelace', harvard),
      registerStudent('Grace', 'Hopper', harvard),
      registerStudent('Alan', 'Turing', stanford),
    ]);
    await Promise.all([ada, grace, alan].map((s) => waitForSubscription(s.token)));
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  /** A signed-in page for a student: the token and device choice are in storage, as after sign-in. */
  async function pageFor(
    student: TestStudent,
    viewport: { width: number; height: number },
    { keepTutorialPrompt = false } = {},
  ): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const device = viewport.width < 600 ? 'mobile' : 'desktop';
    await context.addInitScript(
      ([token, chosenDevice]) => {
        if (!sessionStorage.getItem('e2e-init')) {
          localStorage.setItem('userToken', token);
          localStorage.setItem('userDevice', chosenDevice);
          sessionStorage.setItem('e2e-init', '1');
        }
      },
      [student.token, device] as const,
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('button', { name: 'New Post' }).first().waitFor({ timeout: 20_000 });
    if (!keepTutorialPrompt) await dismissTutorialPrompt(page);
    return page;
  }

  const card = (page: Page, title: string) => page.getByRole('article', { name: title });

  test('when a student completes the tutorial and walkthrough, then neither reopens on reload', async () => {
    const page = await pageFor(ada, VIEWPORTS.desktop, { keepTutorialPrompt: true });
    await page.getByRole('button', { name: 'Start Tutorial' }).click();
    await screenshot(page, 'forum-tutorial-desktop');
    for (let step = 1; step < 5; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expectToast(page, 'Tutorial Complete');

    await page.getByText('Step 1 of 6').first().waitFor();
    await screenshot(page, 'forum-walkthrough-desktop');
    for (let step = 1; step < 6; step++) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Step ${step + 1} of 6`).first().waitFor();
    }
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Step 5 of 6').first().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expectToast(page, 'Welcome aboard!');

    await page.reload();
    await page.getByRole('button', { name: 'New Post' }).first().waitFor();
    await page.waitForTimeout(1500); // the prompt and the walkthrough would open within this time
    expect(await page.getByRole('button', { name: 'Start Tutorial' }).isVisible()).toBe(false);
    expect(await page.getByText(/Step \d of 6/).first().isVisible()).toBe(false);

    // The Tour button reopens the walkthrough on demand.
    await page.getByRole('button', { name: 'Tour' }).click();
    await page.getByText('Step 1 of 6').first().waitFor();
    await page.getByRole('button', { name: 'Close tour' }).click();
  });

  test('when students of one college post, comment, edit, delete and view, then each sees what the rules allow', async () => {
    const adaPage = await pageFor(ada, VIEWPORTS.desktop);

    // A post with an image.
    await adaPage.getByRole('button', { name: 'New Post' }).first().click();
    let dialog = adaPage.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Title').fill(imagePostTitle);
    await dialog.getByLabel('Content').fill('Come see the robots we built this term.\nFriday 7pm, Building 32.');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'robot.png', mimeType: 'image/png', buffer: await samplePhoto() });
    await screenshot(adaPage, 'forum-create-post-desktop');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectToast(adaPage, 'Your post has been created successfully!');
    const adaCard = card(adaPage, imagePostTitle);
    await adaCard.waitFor();
    const image = adaCard.locator('img[src^="/media/posts/"]');
    await image.waitFor();
    expect(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);

    // An anonymous post.
    await adaPage.getByRole('button', { name: 'New Post' }).first().click();
    dialog = adaPage.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Title').fill(anonymousPostTitle);
    await dialog.getByLabel('Content').fill('Does anyone else feel behind before finals?');
    await dialog.getByLabel('Post anonymously').check();
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectToast(adaPage, 'Your post has been created successfully!');
    await card(adaPage, anonymousPostTitle).waitFor();
    await screenshot(adaPage, 'forum-feed-author-desktop');

    // Her own view is never counted.
    await adaPage.reload();
    await card(adaPage, imagePostTitle).waitFor();
    await adaPage.waitForTimeout(1000);

    // Grace, same college: sees both, the anonymous one without Ada's name; her view counts.
    const gracePage = await pageFor(grace, VIEWPORTS.desktop);
    const graceImageCard = card(gracePage, imagePostTitle);
    await graceImageCard.waitFor();
    await graceImageCard.getByText('Ada Lovelace').waitFor();
    const anonymousCard = card(gracePage, anonymousPostTitle);
    await anonymousCard.getByText('Anonymous', { exact: true }).waitFor();
    expect(await anonymousCard.getByText('Ada').count()).toBe(0);
    expect(await anonymousCard.getByRole('button', { name: 'Report' }).isVisible()).toBe(true);

    // Grace comments on Ada's post.
    await graceImageCard.getByRole('button', { name: /^Comment/ }).click();
    await graceImageCard.getByRole('textbox', { name: 'Write a comment' }).fill('Count me in!');
    await graceImageCard.getByRole('button', { name: 'Post', exact: true }).click();
    await graceImageCard.getByText('Count me in!').waitFor();
    await screenshot(gracePage, 'forum-comments-desktop');

    // The view counts from the API: one (Grace), never Ada's own.
    const posts = await (
      await fetch(`${baseUrl()}/api/posts?topicId=1`, { headers: { Authorization: `Bearer ${ada.token}` } })
    ).json();
    const stored = (posts as Array<{ title: string; viewCount: number; commentCount: number }>).find((p) => p.title === imagePostTitle)!;
    expect(stored.viewCount).toBe(1);
    expect(stored.commentCount).toBe(1);

    // Ada edits her post and deletes the anonymous one.
    await adaPage.reload();
    await card(adaPage, imagePostTitle).getByRole('button', { name: 'Post options' }).click();
    await adaPage.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = adaPage.getByRole('dialog', { name: 'Edit Post' });
    await edit.getByLabel('Title').fill(`${imagePostTitle} (moved to 8pm)`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(adaPage, 'Post updated successfully');
    await card(adaPage, `${imagePostTitle} (moved to 8pm)`).waitFor();

    await card(adaPage, anonymousPostTitle).getByRole('button', { name: 'Post options' }).click();
    await adaPage.getByRole('menuitem', { name: 'Delete' }).click();
    await adaPage.getByText('Are you sure you want to delete this post? This action cannot be undone.').waitFor();
    await adaPage.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(adaPage, 'Post deleted successfully');
    await card(adaPage, anonymousPostTitle).waitFor({ state: 'detached' });
    await screenshot(adaPage, 'forum-feed-after-edit-desktop');

    // Grace sees the edit and not the deleted post.
    await gracePage.reload();
    await card(gracePage, `${imagePostTitle} (moved to 8pm)`).waitFor();
    expect(await card(gracePage, anonymousPostTitle).count()).toBe(0);
  });

  test('when a student of another college opens the same topic, then none of it is there', async () => {
    const alanPage = await pageFor(alan, VIEWPORTS.desktop);
    await alanPage.getByText('No posts yet').first().waitFor();
    expect(await alanPage.getByText(imagePostTitle).count()).toBe(0);
    expect(await alanPage.getByText('Count me in!').count()).toBe(0);
    await screenshot(alanPage, 'forum-other-college-desktop');
    const topics = (await (
      await fetch(`${baseUrl()}/api/topics`, { headers: { Authorization: `Bearer ${alan.token}` } })
    ).json()) as Array<{ id: number; postCount: number }>;
    expect(topics.find((t) => t.id === 1)!.postCount).toBe(0);
  });

  test('when the board is opened on a phone, then the topic dropdown and feed fit the screen', async () => {
    const page = await pageFor(grace, VIEWPORTS.phone);
    await page.getByRole('combobox', { name: 'Topic' }).waitFor();
    await card(page, `${imagePostTitle} (moved to 8pm)`).waitFor();
    // Nothing runs off the side of the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'forum-feed-phone');
    await page.getByRole('button', { name: 'New Post' }).first().click();
    await page.getByRole('dialog', { name: 'Create New Post' }).waitFor();
    await screenshot(page, 'forum-create-post-phone');
  });
});
