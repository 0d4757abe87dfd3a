import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, baseUrl, launchBrowser, screenshot } from './support/browser';
import {
  type TestStudent,
  collegeByInitials,
  dismissTutorialPrompt,
  expectToast,
  registerStudent,
} from './support/journey';

jest.setTimeout(180_000);

/** Waits until the social service knows the student and their subscription (its directory caught up). */
async function waitForSocial(token: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const response = await fetch(`${baseUrl()}/api/friends`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (response.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the social service never accepted this student');
}

async function api<T>(student: TestStudent, path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Friends through the gateway in real Chromium: a student finds a classmate in the Add Friend
 * dialog and asks; the classmate sees the red badge and accepts; both are friends at once (the
 * home sidebar too); then the first blocks the second, which ends the friendship and hides each
 * from the other's search.
 */
describe('friends journey', () => {
  let browser: Browser;
  let noor: TestStudent;
  let theo: TestStudent;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    // A college no other journey uses, so search results here are this journey's alone.
    const duke = await collegeByInitials('Duke', 'duke.edu');
    [noor, theo] = await Promise.all([
      registerStudent('Noor', 'Haddad', duke),
      registerStudent('Theo', 'Brandt', duke),
    ]);
    await Promise.all([noor, theo].map((s) => waitForSocial(s.token)));
    // Social's member list (written by its durable consumer) can trail the directory copy that
    // /api/friends answers from: wait until Noor can find Theo, or the dialog's first (cached)
    // answer may miss him. Registration now sends two auth events (registered, then confirmed).
    for (let attempt = 0; ; attempt++) {
      const found = await api<Array<{ id: string }>>(noor, '/api/users/search?q=Theo');
      if (found.some((person) => person.id === theo.userId)) break;
      if (attempt >= 150) throw new Error('social never listed Theo as a member');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function pageFor(
    student: TestStudent,
    path: string,
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
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

  const card = (page: Page, name: string) => page.getByRole('listitem', { name });

  test('when a student asks a classmate, who accepts, and later blocks them, then each step shows on both screens', async () => {
    // Noor finds Theo in the Add Friend dialog and asks.
    const noorPage = await pageFor(noor, '/friends');
    await noorPage.getByText('No friends yet').waitFor({ timeout: 20_000 });
    await noorPage.getByRole('button', { name: 'Add Friend' }).click();
    const dialog = noorPage.getByRole('dialog', { name: 'Add Friend' });
    await dialog.getByLabel('Search by name').pressSequentially('The', { delay: 30 });
    await dialog.getByText('Searching...').waitFor();
    await dialog.getByText('Theo Brandt').waitFor();
    await screenshot(noorPage, 'friends-add-friend-dialog');
    await dialog.getByRole('button', { name: 'Add Theo Brandt' }).click();
    await expectToast(noorPage, 'Friend request sent successfully!');
    await dialog.getByText('Pending').waitFor();
    await noorPage.keyboard.press('Escape');
    await noorPage.getByRole('tab', { name: /^Requests \(1\)/ }).click();
    await card(noorPage, 'Theo Brandt').getByText('Pending').waitFor();
    await screenshot(noorPage, 'friends-sent-request');

    // Theo sees the red badge and accepts.
    const theoPage = await pageFor(theo, '/friends');
    const requestsTab = theoPage.getByRole('tab', { name: /^Requests \(1\)/ });
    await requestsTab.getByLabel('1 incoming').waitFor({ timeout: 20_000 });
    await requestsTab.click();
    await card(theoPage, 'Noor Haddad').waitFor();
    await screenshot(theoPage, 'friends-incoming-request');
    await theoPage.getByRole('button', { name: 'Accept Noor Haddad' }).click();
    await expectToast(theoPage, 'Friend request accepted');
    await theoPage.getByText('No friend requests').waitFor();
    await theoPage.getByRole('tab', { name: 'Friends (1)' }).click();
    await card(theoPage, 'Noor Haddad').getByRole('button', { name: 'Message Noor Haddad' }).waitFor();
    await screenshot(theoPage, 'friends-list');

    // Noor is Theo's friend at once, on the Friends screen and in the home sidebar.
    await noorPage.reload();
    await card(noorPage, 'Theo Brandt').waitFor({ timeout: 20_000 });
    expect(await noorPage.getByRole('tab', { name: 'Friends (1)' }).isVisible()).toBe(true);
    const home = await pageFor(noor, '/');
    await dismissTutorialPrompt(home);
    const sidebarFriend = home.getByRole('link', { name: /Theo B\./ }).first();
    await sidebarFriend.waitFor({ timeout: 20_000 });
    await sidebarFriend.scrollIntoViewIfNeeded();
    await screenshot(home, 'friends-home-sidebar');

    // Noor blocks Theo: the friendship ends for both, and neither finds the other.
    await card(noorPage, 'Theo Brandt').getByRole('button', { name: 'Block Theo Brandt' }).click();
    const confirm = noorPage.getByRole('dialog', { name: 'Block Theo Brandt?' });
    await confirm.waitFor();
    await noorPage.waitForTimeout(400); // the dialog fades in
    await screenshot(noorPage, 'friends-block-confirm');
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expectToast(noorPage, 'User blocked');
    await noorPage.getByText('No friends yet').waitFor();
    await screenshot(noorPage, 'friends-after-block');
    expect((await api<Array<{ id: string }>>(noor, '/api/blocks')).map((b) => b.id)).toEqual([theo.userId]);

    await theoPage.reload();
    await theoPage.getByText('No friends yet').waitFor({ timeout: 20_000 });
    await theoPage.getByRole('tab', { name: /^Search/ }).click();
    await theoPage.getByLabel('Search friends').fill('Noor');
    await theoPage.getByText('No results found').waitFor();
    await screenshot(theoPage, 'friends-search-blocked');
  });

  test('when the Friends screen opens on a phone, then tabs, search and cards fit the screen', async () => {
    const page = await pageFor(theo, '/friends', VIEWPORTS.phone);
    await page.getByRole('tab', { name: /^Requests/ }).waitFor({ timeout: 20_000 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Every tab in view, none scrolled away inside the tab list (Search and Suggestions were).
    const list = (await page.getByRole('tablist').first().boundingBox())!;
    const tabs = await page.getByRole('tab').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
    expect(tabs).toHaveLength(4);
    for (const right of tabs) expect(right).toBeLessThanOrEqual(Math.min(list.x + list.width, VIEWPORTS.phone.width) + 0.5);
    await screenshot(page, 'friends-phone');
  });
});
