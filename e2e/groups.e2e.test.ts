import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, baseUrl, launchBrowser, screenshot } from './support/browser';
import {
  type TestStudent,
  apiAs as api,
  collegeByInitials,
  dismissTutorialPrompt,
  expectToast,
  registerStudent,
  samplePhoto,
  waitForSubscription,
} from './support/journey';

jest.setTimeout(240_000);

/**
 * Group chats through the gateway's /ws in three real Chromium browsers: Ada makes a group of her
 * two friends, Grace (desktop) and Linus (phone) see it appear and get every message live, typing
 * and "Seen by" show, and Linus leaves. Screenshots of the home Groups tab and of a group at
 * desktop and phone widths.
 */
describe('group chat journey', () => {
  const browsers: Browser[] = [];
  const contexts: BrowserContext[] = [];
  let ada: TestStudent;
  let grace: TestStudent;
  let linus: TestStudent;

  beforeAll(async () => {
    browsers.push(...(await Promise.all([launchBrowser(), launchBrowser(), launchBrowser()])));
    // A college no other journey uses.
    const brown = await collegeByInitials('Brown', 'brown.edu');
    [ada, grace, linus] = await Promise.all([
      registerStudent('Ada', 'Lovelace', brown),
      registerStudent('Grace', 'Hopper', brown),
      registerStudent('Linus', 'Torvalds', brown),
    ]);
    await Promise.all([ada, grace, linus].map((s) => waitForSubscription(s.token)));
    // Ada is friends with both (a group is made from the creator's friends).
    for (const friend of [grace, linus]) {
      const request = await api<{ id: string }>(ada, 'POST', '/api/friend-requests', { friendId: friend.userId });
      await api(friend, 'POST', `/api/friend-requests/${request.id}/accept`);
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await Promise.all(browsers.map((browser) => browser.close()));
  });

  async function pageFor(browser: Browser, student: TestStudent, path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    await context.addInitScript(
      ([token]) => {
        if (!sessionStorage.getItem('e2e-init')) {
          localStorage.setItem('userToken', token);
          localStorage.setItem('userDevice', window.innerWidth < 600 ? 'mobile' : 'desktop');
          sessionStorage.setItem('e2e-init', '1');
        }
      },
      [student.token] as const,
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${path}`);
    return page;
  }

  const groupView = (page: Page, name: string) => page.getByRole('region', { name: `Group ${name}` });

  test('when a student makes a group of two friends, then messages reach both others live on desktop and phone, and one leaves', async () => {
    const adaPage = await pageFor(browsers[0]!, ada, '/messages');
    const gracePage = await pageFor(browsers[1]!, grace, '/messages');
    const linusPage = await pageFor(browsers[2]!, linus, '/messages', VIEWPORTS.phone);
    for (const page of [adaPage, gracePage]) await page.getByText('Connected', { exact: true }).waitFor({ timeout: 20_000 });

    // Ada makes the group; the dialog asks for a name and two friends.
    await adaPage.getByRole('button', { name: 'New group' }).click();
    const dialog = adaPage.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel('Group name').fill('Hackathon team');
    await dialog.getByLabel('Grace Hopper').check();
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByText('Choose at least 2 friends.').waitFor();
    await dialog.getByLabel('Linus Torvalds').check();
    await dialog.getByRole('button', { name: 'Create group' }).click();
    const adaView = groupView(adaPage, 'Hackathon team');
    await adaView.getByText('No messages yet. Say hello to the group!').waitFor({ timeout: 15_000 });

    // It appears for Grace and Linus without a reload (groups:changed over the socket).
    const graceRow = gracePage.getByRole('list', { name: 'Groups' }).getByRole('button', { name: /Hackathon team/ });
    await graceRow.waitFor({ timeout: 15_000 });
    await graceRow.click();
    const graceView = groupView(gracePage, 'Hackathon team');
    await graceView.waitFor();
    const linusRow = linusPage.getByRole('list', { name: 'Groups' }).getByRole('button', { name: /Hackathon team/ });
    await linusRow.waitFor({ timeout: 15_000 });
    await screenshot(linusPage, 'groups-phone-list');
    await linusRow.click();
    const linusView = groupView(linusPage, 'Hackathon team');
    await linusView.waitFor();

    // Typing shows to the others; Enter sends; both get it live.
    await adaView.getByLabel('Type a message').pressSequentially('Team meeting at 6 in the library?');
    await graceView.getByText('Ada is typing...').waitFor({ timeout: 10_000 });
    await adaView.getByLabel('Type a message').press('Enter');
    await graceView.getByText('Team meeting at 6 in the library?').waitFor({ timeout: 10_000 });
    await linusView.getByText('Team meeting at 6 in the library?').waitFor({ timeout: 10_000 });
    // Both have it open: Ada's message is seen by two.
    await adaView.getByText('Seen by 2').waitFor({ timeout: 10_000 });

    await graceView.getByLabel('Type a message').fill('Works for me, bringing snacks.');
    await graceView.getByRole('button', { name: 'Send message' }).click();
    await linusView.getByLabel('Type a message').fill('I will book a room!');
    await linusView.getByLabel('Type a message').press('Enter');
    for (const view of [adaView, graceView, linusView]) {
      await view.getByText('Works for me, bringing snacks.').waitFor({ timeout: 10_000 });
      await view.getByText('I will book a room!').waitFor({ timeout: 10_000 });
      // Exactly once each, however the socket and the ack raced.
      expect(await view.getByText('I will book a room!').count()).toBe(1);
    }
    await screenshot(adaPage, 'groups-conversation-desktop');
    await screenshot(linusPage, 'groups-conversation-phone');

    // The home screen's Groups tab lists it for Grace, with the last message and its sender.
    const graceHome = await pageFor(browsers[1]!, grace, '/');
    await dismissTutorialPrompt(graceHome);
    const panel = graceHome.getByRole('complementary', { name: 'Messages' });
    await panel.getByRole('tab', { name: 'Groups' }).click();
    const homeRow = panel.getByRole('button', { name: /Hackathon team/ });
    await homeRow.getByText('Linus: I will book a room!').waitFor({ timeout: 15_000 });
    await screenshot(graceHome, 'groups-home-tab');
    await homeRow.click();
    await groupView(graceHome, 'Hackathon team').getByText('Team meeting at 6 in the library?').waitFor();
    await screenshot(graceHome, 'groups-home-tab-open');

    // The owner's members panel: rename, add, remove.
    await adaView.getByRole('button', { name: 'Members' }).click();
    await adaView.getByRole('button', { name: 'Remove Linus Torvalds' }).waitFor();
    await screenshot(adaPage, 'groups-members-desktop');

    // Ada gives the group a photo (a file that is not an image is refused with the server's words first).
    await adaView.getByLabel('Group photo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await expectToast(adaPage, 'Could not change the group photo');
    await adaView.getByLabel('Group photo').setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: await samplePhoto() });
    await expectToast(adaPage, 'Group photo updated');
    await adaView.getByRole('button', { name: 'Back to messages' }).click();
    // Every member sees it, in the header and the list, without a reload.
    for (const page of [adaPage, gracePage, linusPage]) {
      await groupView(page, 'Hackathon team').locator('header img[src^="/media/groups/"]').waitFor({ timeout: 15_000 });
    }
    await adaPage.setViewportSize({ width: 1366, height: 800 });
    await screenshot(adaPage, 'groups-photo-1366');
    await screenshot(linusPage, 'groups-photo-390');
    // On the phone, the list shows it too.
    await linusView.getByRole('button', { name: 'Back to groups' }).click();
    await linusPage.getByRole('list', { name: 'Groups' }).locator('img[src^="/media/groups/"]').waitFor({ timeout: 15_000 });
    await screenshot(linusPage, 'groups-photo-list-390');
    await linusRow.click();
    await linusView.waitFor();
    await gracePage.getByRole('list', { name: 'Groups' }).locator('img[src^="/media/groups/"]').waitFor({ timeout: 15_000 });

    // Grace reports Linus's message: the report dialog of posts and comments, for a message.
    await graceView.getByRole('button', { name: 'Report message from Linus' }).click();
    const report = gracePage.getByRole('dialog', { name: 'Report Message' });
    await report.getByLabel(/Spam/).check();
    await screenshot(gracePage, 'groups-report-message-1280');
    await report.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(gracePage, 'Report submitted');
    // Moderation files it from chat's event: it is among Grace's reports, pending.
    let mine: Array<{ type: string; status: string }> = [];
    for (let i = 0; i < 40 && !mine.some((entry) => entry.type === 'message'); i++) {
      mine = await api<Array<{ type: string; status: string }>>(grace, 'GET', '/api/reports/mine');
      if (!mine.some((entry) => entry.type === 'message')) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(mine).toContainEqual(expect.objectContaining({ type: 'message', status: 'pending' }));

    // Linus leaves: the members panel, then a confirmation.
    await linusView.getByRole('button', { name: 'Members' }).click();
    await screenshot(linusPage, 'groups-members-phone');
    await linusView.getByRole('button', { name: 'Leave group' }).click();
    await linusPage.getByRole('dialog', { name: 'Leave group' }).getByRole('button', { name: 'Leave' }).click();
    await linusPage.getByRole('list', { name: 'Conversations' }).waitFor({ timeout: 10_000 });
    // Gone from his list once it reloads (the server answered the leave; the list follows at once).
    await linusPage.getByRole('button', { name: /Hackathon team/ }).waitFor({ state: 'detached', timeout: 10_000 });
    // The others see him gone; their messages still reach each other, not him.
    await adaView.getByRole('heading', { name: 'Hackathon team' }).waitFor();
    await adaView.getByText('You, Grace').waitFor({ timeout: 10_000 });
    await adaView.getByLabel('Type a message').fill('See you both... I mean, Grace!');
    await adaView.getByLabel('Type a message').press('Enter');
    await graceView.getByText('See you both... I mean, Grace!').waitFor({ timeout: 10_000 });
    const linusGroups = await api<Array<{ id: string }>>(linus, 'GET', '/api/groups');
    expect(linusGroups).toEqual([]);
  });
});
