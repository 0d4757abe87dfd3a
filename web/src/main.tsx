import { StrictMode } from 'react';
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
startFirstScreen(store, window.location.pathname);

createRoot(rootElement).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
