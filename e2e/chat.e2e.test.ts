import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, baseUrl, launchBrowser, screenshot } from './support/browser';
import { type TestStudent, apiAs as api, collegeByInitials, expectToast, registerStudent, waitForSubscription } from './support/journey';

jest.setTimeout(180_000);

/**
 * Real-time chat through the gateway's /ws in two real Chromium browsers: two students become
 * friends (request, accept), chat both ways live with typing and read marks, see each other's
 * presence ('Online', then 'Last seen' when the other closes the page), get a 'New message' notice
 * for another conversation, and a block ends it. Also the home panel and a phone.
 */
describe('chat journey', () => {
  let browserA: Browser;
  let browserB: Browser;
  let ada: TestStudent;
  let grace: TestStudent;
  let linus: TestStudent;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browserA, browserB] = await Promise.all([launchBrowser(), launchBrowser()]);
    // A college no other journey uses.
    const yale = await collegeByInitials('YU', 'yale.edu');
    [ada, grace, linus] = await Promise.all([
      registerStudent('Ada', 'Lovelace', yale),
      registerStudent('Grace', 'Hopper', yale),
      registerStudent('Linus', 'Torvalds', yale),
    ]);
    await Promise.all([ada, grace, linus].map((s) => waitForSubscription(s.token)));
    // Friends first: Ada asks, Grace accepts.
    const request = await api<{ id: string }>(ada, 'POST', '/api/friend-requests', { friendId: grace.userId });
    await api(grace, 'POST', `/api/friend-requests/${request.id}/accept`);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await Promise.all([browserA?.close(), browserB?.close()]);
  });

  async function pageFor(
    browser: Browser,
    student: TestStudent,
    path: string,
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
  ): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    await context.addInitScript(
      ([token]) => {
        if (!sessionStorage.getItem('e2e-init')) {
          localStorage.setItem('userToken', token);
          localStorage.setItem('userDevice', window.innerWidth < 600 ? 'mobile' : 'desktop');
          // The first-time tutorial prompt is not what this journey looks at.
          sessionStorage.setItem('e2e-init', '1');
        }
      },
      [student.token] as const,
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${path}`);
    return { page, context };
  }

  const conversation = (page: Page, name: string) => page.getByRole('region', { name: `Conversation with ${name}` });

  test('when two students chat, then messages, typing, read marks and presence are live; closing shows Last seen; a block ends it', async () => {
    // Each opens Messages: the other is in the friends list, online once both are here.
    const { page: adaPage } = await pageFor(browserA, ada, '/messages');
    await adaPage.getByText('Connected', { exact: true }).waitFor({ timeout: 20_000 });
    const { page: gracePage, context: graceContext } = await pageFor(browserB, grace, '/messages');
    await gracePage.getByText('Connected', { exact: true }).waitFor({ timeout: 20_000 });
    await gracePage.getByText('Select a conversation').waitFor();
    const graceRow = adaPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Grace Hopper/ });
    const adaRow = gracePage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Ada Lovelace/ });
    await adaRow.getByText('Online').waitFor({ timeout: 15_000 });
    await graceRow.getByText('Online').waitFor({ timeout: 15_000 });
    await screenshot(adaPage, 'chat-friends-online');
    await graceRow.click();
    const adaView = conversation(adaPage, 'Grace Hopper');
    await adaView.getByText('No messages yet. Say hello!').waitFor();
    await adaRow.click();
    const graceView = conversation(gracePage, 'Ada Lovelace');
    await graceView.waitFor();

    // Typing shows on the other side; Enter sends, and it arrives live.
    await adaView.getByLabel('Type a message').pressSequentially('Hi Grace, ready for the hackathon?');
    await graceView.getByText('Ada is typing...').waitFor({ timeout: 10_000 });
    await screenshot(gracePage, 'chat-typing');
    await adaView.getByLabel('Type a message').press('Enter');
    await graceView.getByText('Hi Grace, ready for the hackathon?').waitFor({ timeout: 10_000 });
    // Grace has the conversation open: it is read, and Ada sees two check marks.
    await adaView.getByText('Hi Grace, ready for the hackathon?').locator('..').getByLabel('Read').waitFor({ timeout: 10_000 });

    // And back.
    await graceView.getByLabel('Type a message').fill('Absolutely! Bringing my laptop.');
    await graceView.getByRole('button', { name: 'Send message' }).click();
    await adaView.getByText('Absolutely! Bringing my laptop.').waitFor({ timeout: 10_000 });
    await screenshot(adaPage, 'chat-conversation-ada');
    await screenshot(gracePage, 'chat-conversation-grace');
    // Exactly once each, however the socket and the ack raced.
    expect(await adaView.getByText('Hi Grace, ready for the hackathon?').count()).toBe(1);
    expect(await graceView.getByText('Absolutely! Bringing my laptop.').count()).toBe(1);

    // A message from someone else, while Ada is in Grace's conversation: a 'New message' notice.
    const sent = await fetch(`${baseUrl()}/api/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${linus.token}` },
      body: JSON.stringify({ receiverId: ada.userId, content: 'Are you at the hackathon too?' }),
    });
    expect(sent.status).toBe(201);
    await expectToast(adaPage, 'New message');
    await screenshot(adaPage, 'chat-new-message-notice');

    // Grace closes the page: Ada sees 'Last seen'.
    await graceContext.close();
    await adaView.getByText(/^Last seen/).waitFor({ timeout: 20_000 });
    await screenshot(adaPage, 'chat-last-seen');

    // Grace blocks Ada (social tells chat by an event): Ada's next message is refused, and says why.
    await api(grace, 'POST', '/api/blocks', { userId: ada.userId });
    await api(ada, 'POST', '/api/chats', { participantId: grace.userId }, [403]);
    await adaView.getByLabel('Type a message').fill('Hello?');
    await adaView.getByLabel('Type a message').press('Enter');
    await expectToast(adaPage, 'Failed to send message');
    await adaPage.getByText('This user is not accepting messages from you.').waitFor();
    await screenshot(adaPage, 'chat-blocked');
  });

  test('when a student opens home, then the messages panel lists the conversation with a preview and opens the chat', async () => {
    const { page } = await pageFor(browserA, ada, '/');
    await page.getByRole('button', { name: 'Maybe later' }).click({ timeout: 10_000 }).catch(() => undefined);
    const panel = page.locator('aside[aria-label="Messages"]');
    const row = panel.getByRole('button', { name: /Grace Hopper/ });
    await row.waitFor({ timeout: 20_000 });
    await row.getByText(/Absolutely! Bringing my laptop\./).waitFor();
    await screenshot(page, 'chat-home-panel');
    await row.click();
    await panel.getByRole('region', { name: 'Conversation with Grace Hopper' }).getByText('Hi Grace, ready for the hackathon?').waitFor();
    await screenshot(page, 'chat-home-panel-open');
    await panel.getByRole('button', { name: 'Back to conversations' }).click();
    await panel.getByRole('tab', { name: 'Groups' }).click();
    // Group chats have their own journey (groups.e2e.test.ts): Ada has none.
    await panel.getByText('No groups yet').waitFor();
    expect(await panel.getByRole('button', { name: 'New group' }).isVisible()).toBe(true);
  });

  test('when a student uses a phone, then the list and the conversation take the screen in turn', async () => {
    // A last message longer than the phone's width: its preview is cut short in the row, and the
    // list (its times, unread counts, 'New group', 'Connected') stays inside the screen.
    const long = 'Bringing the slides, two extension cords and the whiteboard markers for our table by the stage';
    await api(ada, 'POST', '/api/messages', { receiverId: linus.userId, content: long }, [201]);
    const { page } = await pageFor(browserB, linus, '/messages', VIEWPORTS.phone);
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('button', { name: /Ada Lovelace/ }).getByText(long).waitFor({ timeout: 20_000 });
    for (const part of [list.getByRole('button', { name: /Ada Lovelace/ }), page.getByRole('button', { name: 'New group' }), page.getByText('Connected', { exact: true })]) {
      const box = await part.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width).toBe(true);
    }
    await screenshot(page, 'chat-phone-list');
    await list.getByRole('button', { name: /Ada Lovelace/ }).click();
    const view = conversation(page, 'Ada Lovelace');
    await view.getByText(long).waitFor();
    expect(await list.isVisible()).toBe(false);
    await screenshot(page, 'chat-phone-conversation');
    await view.getByRole('button', { name: 'Back to conversations' }).click();
    await list.waitFor();
    expect(await list.isVisible()).toBe(true);
  });
});
