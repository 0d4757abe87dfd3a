import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

export const DEMO_PASSWORD = 'journey-pass-2026';

export function uniqueEmail(prefix: string, domain = 'mit.edu'): string {
  return `${prefix}.${randomBytes(3).toString('hex')}@${domain}`;
}

/** A real photo-like PNG (gradient), so the upload path sniffs and re-encodes actual image bytes. */
export async function samplePhoto(): Promise<Buffer> {
  const width = 256;
  const height = 256;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = x;
      pixels[i + 1] = y;
      pixels[i + 2] = 200;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Waits for a toast with the given title (toasts are one at a time). */
export async function expectToast(page: Page, title: string): Promise<void> {
  await page.getByText(title, { exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** Logout from the top bar, or from the side menu on small screens. */
export async function logout(page: Page): Promise<void> {
  const topBarLogout = page.getByRole('button', { name: 'Logout' }).first();
  if (await topBarLogout.isVisible()) {
    await topBarLogout.click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  }
  await page.waitForURL(/\/auth$/, { timeout: 15_000 });
}
