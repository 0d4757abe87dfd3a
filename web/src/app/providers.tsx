import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { ToastProvider } from '../ui/toast';
import { ErrorBoundary } from './routes/error-boundary';
import type { AppStore } from './store';

/**
 * Everything a screen needs around it, minus the router (tests bring a MemoryRouter). The store
 * comes first: the theme's mode is the signed-in account's setting.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeModeProvider>
        <ErrorBoundary>
          <ToastProvider>{children}</ToastProvider>
        </ErrorBoundary>
      </ThemeModeProvider>
    </Provider>
  );
}
