import { BrowserRouter } from 'react-router-dom';
import { OfflineNotice } from './offline-notice';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { NavigationBridge } from './scheduled-navigation';
import type { AppStore } from './store';

/** The app around a store made once per page load (main.tsx starts the first screen's requests on it). */
export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
      </BrowserRouter>
      <OfflineNotice />
    </AppProviders>
  );
}
