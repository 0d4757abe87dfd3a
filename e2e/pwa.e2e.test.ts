import type { Browser } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseUrl, launchBrowser, launchProfileContext, screenshot } from './support/browser';

jest.setTimeout(120_000);

/**
 * Installable and usable offline (issue 23), the checks Lighthouse's PWA audits make, in real
 * Chromium: the page links a manifest with a name, a standalone display, a start URL and 192 and
 * 512 px icons (one maskable) that load; a service worker controls the page; and with the network
 * gone, a reload still opens Quad, which says plainly that it is offline.
 */
describe('Quad as an installable app', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('when the page loads, then it links a complete manifest whose icons load', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${baseUrl()}/auth`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(`${baseUrl()}${href}`);
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; purpose?: string }> };
    expect(manifest).toMatchObject({ short_name: 'Quad', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await page.request.get(`${baseUrl()}${icon.src}`);
      expect([icon.src, image.status(), image.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
    }
    expect(await page.locator('meta[name="theme-color"]').count()).toBeGreaterThan(0);
  });

  test('when Chromium itself checks, then the manifest parses with no errors and the page is installable (what Lighthouse 12 no longer audits)', async () => {
    const profile = mkdtempSync(path.join(os.tmpdir(), 'quad-pwa-'));
    const context = await launchProfileContext(profile);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/auth`);
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, { timeout: 30_000 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('when the network is gone after a first visit, then Quad still opens and says it is offline', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/auth`);
    // Registered after load; controlling the page once it is active.
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, { timeout: 30_000 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'You’re offline.' }).waitFor({ timeout: 20_000 });
    // The app itself rendered (its own sign-in screen), not the browser's offline page.
    expect(await page.title()).toBe('Quad');
    await screenshot(page, 'pwa-offline-390');
    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'You’re offline.' }).waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });
});
