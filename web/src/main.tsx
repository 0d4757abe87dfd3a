import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstScreen } from './app/first-screens';
import { makeStore } from './app/store';
import { applyDeviceClass } from './lib/device/device-slice';
import { readStoredDevice } from './lib/storage';

const rootElement = document.getElementById('root');
if (!rootElement) {
  // Without it nothing can render; say exactly what is missing instead of failing silently.
  throw new Error('Quad cannot start: index.html has no <div id="root"> element to render into.');
}

applyDeviceClass(readStoredDevice());
const store = makeStore();
// The entry's evaluation is already one long task on a phone: what the first screen needs starts
// in a task of its own, right after it.
setTimeout(() => startFirstScreen(store, window.location.pathname), 0);

// The first render as a transition: React renders it in slices between which the browser stays
// responsive, instead of one long task (index.html's loading screen shows meanwhile).
const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});

// The service worker (public/sw.js) keeps the app shell for offline starts: every build (not Vite's
// dev server, whose modules change under it), after the page has loaded, so it never competes with
// the first screen. (A build made under jest has NODE_ENV=test, so import.meta.env.PROD would be false.)
if (!import.meta.hot && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
