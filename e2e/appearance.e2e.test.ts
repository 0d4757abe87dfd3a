import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot } from './support/browser';
import { type TestStudent, collegeByInitials, journeyAdminToken, registerStudent } from './support/journey';

jest.setTimeout(600_000);

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/**
 * WCAG 2.1 A and AA: contrast, names, roles, landmarks. axe's experimental rules (today only
 * label-content-name-mismatch, which Lighthouse does not run either) are left out: they are
 * still being tuned and flag, e.g., an avatar's initials inside a link named "Profile".
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const SIZES = { 1366: { width: 1366, height: 768 }, 390: { width: 390, height: 844 } } as const;
const MODES = ['light', 'dark'] as const;
/** The main screens, each with a heading that says it has loaded. */
const SCREENS = [
  { name: 'home', path: '/', ready: (page: Page) => page.getByRole('heading', { name: 'General', exact: false }).first() },
  { name: 'messages', path: '/messages', ready: (page: Page) => page.getByRole('heading', { name: 'Messages' }).first() },
  { name: 'friends', path: '/friends', ready: (page: Page) => page.getByRole('heading', { name: 'Friends' }).first() },
  { name: 'ideas', path: '/ideas', ready: (page: Page) => page.getByRole('heading', { name: /Ideas/ }).first() },
  { name: 'polls', path: '/polls', ready: (page: Page) => page.getByRole('heading', { name: /Polls/ }).first() },
  { name: 'profile', path: '/profile', ready: (page: Page) => page.getByRole('heading', { name: 'Iris Okafor' }).first() },
  { name: 'settings', path: '/subscription-settings', ready: (page: Page) => page.getByRole('heading', { name: 'Appearance' }) },
] as const;

/** The painted page background, as the browser computed it. */
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BACKGROUND = 'rgb(248, 250, 252)';
const DARK_BACKGROUND = 'rgb(11, 17, 32)';

interface AxeViolation {
  id: string;
  tags: string[];
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Through the devtools protocol, which the app's CSP (script-src 'self') does not govern.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.filter((v) => !v.tags.includes('experimental')).map((v) => ({ id: v.id, tags: v.tags, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, AXE_TAGS);
}

/**
 * Dark mode in real Chromium through the gateway: the app follows the device's colour scheme,
 * a choice in settings wins over it and follows the account to another device; and every main
 * screen, in both modes at 1366 and 390 px, passes axe's WCAG 2.1 A/AA rules (contrast included),
 * with a screenshot of each kept under e2e/screenshots.
 */
describe('appearance journey', () => {
  let browser: Browser;
  let iris: TestStudent;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    iris = await registerStudent('Iris', 'Okafor', await collegeByInitials('Rice', 'rice.edu'));
    // Past the first-time tutorial prompt, with a post on the first board, so home shows a card.
    const headers = { Authorization: `Bearer ${iris.token}`, 'Content-Type': 'application/json' };
    await fetch(`${baseUrl()}/api/tutorial/complete`, { method: 'POST', headers });
    const topics = (await (await fetch(`${baseUrl()}/api/topics`, { headers })).json()) as Array<{ id: string }>;
    const form = new FormData();
    form.set('title', 'Night owls of Rice');
    form.set('content', 'Who else studies after midnight?');
    form.set('topicId', String(topics[0]!.id));
    form.set('isAnonymous', 'false');
    const posted = await fetch(`${baseUrl()}/api/posts`, { method: 'POST', headers: { Authorization: headers.Authorization }, body: form });
    if (posted.status !== 201) throw new Error(`post: ${posted.status} ${await posted.text()}`);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function studentPage(
    scheme: 'light' | 'dark',
    viewport: { width: number; height: number },
    token: string | null,
    tokenKey: 'userToken' | 'adminToken' = 'userToken',
  ): Promise<Page> {
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    contexts.push(context);
    const device = viewport.width < 640 ? 'mobile' : 'desktop';
    await context.addInitScript(
      ([key, userToken, userDevice]) => {
        if (!sessionStorage.getItem('e2e-init')) {
          if (userToken) localStorage.setItem(key!, userToken);
          localStorage.setItem('userDevice', userDevice!);
          sessionStorage.setItem('e2e-init', '1');
        }
      },
      [tokenKey, token, device] as const,
    );
    return context.newPage();
  }

  const setScheme = (theme: 'system' | 'light' | 'dark') =>
    fetch(`${baseUrl()}/api/settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${iris.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ theme }),
    });

  test('when the device is dark, then the app is dark; a choice of Light in settings wins and follows the account to another device', async () => {
    expect((await setScheme('system')).status).toBe(200);
    const page = await studentPage('dark', SIZES[1366], iris.token);
    await page.goto(`${baseUrl()}/subscription-settings`);
    await page.getByRole('heading', { name: 'Appearance' }).waitFor({ timeout: 20_000 });
    expect(await pageBackground(page)).toBe(DARK_BACKGROUND);
    await page.getByText('Following your device: dark now.').waitFor();

    await page.getByRole('radio', { name: 'Light' }).check();
    await page.getByText('Always light.').waitFor();
    expect(await pageBackground(page)).toBe(LIGHT_BACKGROUND);

    // Another dark device, same account: light, as chosen.
    const other = await studentPage('dark', SIZES[390], iris.token);
    await other.goto(`${baseUrl()}/subscription-settings`);
    await other.getByRole('heading', { name: 'Appearance' }).waitFor({ timeout: 20_000 });
    await other.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await pageBackground(other)).toBe(LIGHT_BACKGROUND);
    expect(await other.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);

    // And Dark on a light device.
    // The page turns dark at once and saves in the background: wait for the save it sends.
    const saved = other.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT');
    await other.getByRole('radio', { name: 'Dark' }).check();
    expect((await saved).status()).toBe(200);
    await other.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await pageBackground(other)).toBe(DARK_BACKGROUND);
    expect((await (await fetch(`${baseUrl()}/api/settings`, { headers: { Authorization: `Bearer ${iris.token}` } })).json())).toEqual({ theme: 'dark' });
  });

  test('when every main screen is opened in light and dark at 1366 and 390 px, then axe finds no WCAG 2.1 A/AA violation', async () => {
    const found: string[] = [];
    for (const mode of MODES) {
      // The account follows the device; the device asks for `mode`.
      expect((await setScheme('system')).status).toBe(200);
      for (const [width, viewport] of Object.entries(SIZES)) {
        const signedOut = await studentPage(mode, viewport, null);
        await signedOut.goto(`${baseUrl()}/auth`);
        await signedOut.getByRole('tab', { name: 'Login' }).waitFor({ timeout: 20_000 });
        expect(await pageBackground(signedOut)).toBe(mode === 'dark' ? DARK_BACKGROUND : LIGHT_BACKGROUND);
        await screenshot(signedOut, `appearance-${mode}-${width}-auth`);
        for (const v of await axeViolations(signedOut)) found.push(`${mode} ${width} auth: ${v.id} (${v.help}) ${JSON.stringify(v.nodes)}`);

        const page = await studentPage(mode, viewport, iris.token);
        for (const screen of SCREENS) {
          await page.goto(`${baseUrl()}${screen.path}`);
          await screen.ready(page).waitFor({ timeout: 20_000 });
          await page.waitForLoadState('networkidle').catch(() => undefined);
          expect(await pageBackground(page)).toBe(mode === 'dark' ? DARK_BACKGROUND : LIGHT_BACKGROUND);
          await screenshot(page, `appearance-${mode}-${width}-${screen.name}`);
          for (const v of await axeViolations(page)) found.push(`${mode} ${width} ${screen.name}: ${v.id} (${v.help}) ${JSON.stringify(v.nodes)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  test('when the admin screens are opened in light and dark at 1366 and 390 px, then axe finds no WCAG 2.1 A/AA violation', async () => {
    const adminToken = await journeyAdminToken();
    const found: string[] = [];
    for (const mode of MODES) {
      for (const [width, viewport] of Object.entries(SIZES)) {
        const page = await studentPage(mode, viewport, adminToken, 'adminToken');
        for (const screen of [{ name: 'admin-panel', path: '/admin-panel' }, { name: 'admin-reports', path: '/admin-reports' }]) {
          await page.goto(`${baseUrl()}${screen.path}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
          await page.waitForLoadState('networkidle').catch(() => undefined);
          expect(await pageBackground(page)).toBe(mode === 'dark' ? DARK_BACKGROUND : LIGHT_BACKGROUND);
          await screenshot(page, `appearance-${mode}-${width}-${screen.name}`);
          for (const v of await axeViolations(page)) found.push(`${mode} ${width} ${screen.name}: ${v.id} (${v.help}) ${JSON.stringify(v.nodes)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
