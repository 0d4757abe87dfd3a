import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { ToastProvider } from '../ui/toast';
import { GlobalStyle } from './global-style';
import { ErrorBoundary } from './routes/error-boundary';
import type { AppStore } from './store';
import { theme } from './theme';

/** Everything a screen needs around it, minus the router (tests bring a MemoryRouter). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ErrorBoundary>
        <Provider store={store}>
          <ToastProvider>{children}</ToastProvider>
        </Provider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
