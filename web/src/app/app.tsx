import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { NavigationBridge } from './scheduled-navigation';
import { makeStore } from './store';

export function App() {
  const [store] = useState(makeStore);
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
