// What jsdom lacks and the app needs under test: fetch's Request/Response/Headers (RTK Query's
// fetchBaseQuery builds a Request; tests stub `fetch` itself), TextEncoder (react-router),
// and the jest-dom matchers.
import '@testing-library/jest-dom';
import 'whatwg-fetch';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!window.scrollTo || String(window.scrollTo).includes('not implemented')) {
  window.scrollTo = () => {};
}

if (!URL.createObjectURL) {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
}

// Component tests render the whole app; on a busy machine the 1 s default for findBy/waitFor
// is too tight and makes tests flaky without making them any stricter.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 4000 });
