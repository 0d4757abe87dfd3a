// What jsdom lacks and the app needs under test: fetch's Request/Response/Headers (RTK Query's
// fetchBaseQuery builds a Request; tests stub `fetch` itself), TextEncoder (react-router),
// and the jest-dom matchers.
import '@testing-library/jest-dom';
import 'whatwg-fetch';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no layout: media queries are answered from the window's width, a wide desktop
// (every column of home shown) unless a test narrows it (`setViewportWidth`); other features, such
// as prefers-reduced-motion, do not match.
Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1440 });
function matchesQuery(query: string): boolean {
  const width = window.innerWidth;
  const min = /\(min-width:\s*([\d.]+)px\)/.exec(query);
  const max = /\(max-width:\s*([\d.]+)px\)/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}
window.matchMedia = (query: string) =>
  ({
    get matches() {
      return matchesQuery(query);
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

if (!window.scrollTo || String(window.scrollTo).includes('not implemented')) {
  window.scrollTo = () => {};
}

if (!URL.createObjectURL) {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
}

// Component tests render the whole app. In CI they run beside the Chromium journeys, and a fresh
// worker's first render transforms the app's modules as it loads them: a first page took over 4 s
// there (the home-columns suite, 712 ms on a quiet box). A short findBy/waitFor timeout makes tests
// flaky without making them any stricter, so it is 10 s.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 10_000 });
