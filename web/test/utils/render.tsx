import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../../src/app/providers';
import { AppRoutes } from '../../src/app/router';
import { NavigationBridge } from '../../src/app/scheduled-navigation';
import { makeStore, type AppStore } from '../../src/app/store';

/** Shows the current path, so tests can assert on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderWithProviders(ui: ReactElement, { route = '/', store = makeStore() }: { route?: string; store?: AppStore } = {}) {
  const user = userEvent.setup();
  const result = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]}>
        <NavigationBridge />
        {ui}
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, store, user };
}

/** The whole app (session-dependent routes included) at `route`. */
export function renderApp(route = '/', store?: AppStore) {
  return renderWithProviders(<AppRoutes />, { route, store });
}
