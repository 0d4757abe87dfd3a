import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { LoadingScreen } from '../../src/app/routes/loading-screen';
import { darkTheme, space, theme } from '../../src/app/theme';

// index.html paints the loading screen before any script runs; React then draws the real one.
// The two must look and read alike, or the first paint would jump.
const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');
const page = new DOMParser().parseFromString(html, 'text/html');
const css = page.querySelector('style')?.textContent ?? '';

describe("index.html's loading screen", () => {
  it('when compared with the app\'s loading screen, then it says the same and announces it alike', () => {
    render(
      <ThemeProvider theme={theme}>
        <LoadingScreen />
      </ThemeProvider>,
    );
    const appSpinner = screen.getByRole('status');
    const shellSpinner = page.querySelector('#root [role="status"]');
    expect(shellSpinner?.getAttribute('aria-label')).toBe(appSpinner.getAttribute('aria-label'));
    expect(page.querySelector('#root p')?.textContent).toBe(screen.getByText(/Loading/, { selector: 'p' }).textContent);
    expect(page.querySelector('#root [aria-busy="true"]')).not.toBeNull();
  });

  it("when its styles are read, then they take the theme's colours, font and spacing", () => {
    const { background, text, primary, primaryBorder, muted } = theme.colors;
    for (const value of [background, text, primary, primaryBorder, muted, theme.fonts.body, space(4), space(8, 5)]) {
      expect(css).toContain(value);
    }
  });

  it("when the device asks for dark colours, then its styles take the dark theme's", () => {
    const dark = css.slice(css.indexOf('prefers-color-scheme: dark'));
    const { background, text, primary, primaryBorder, muted } = darkTheme.colors;
    for (const value of [background, text, primary, primaryBorder, muted]) expect(dark).toContain(value);
  });
});
