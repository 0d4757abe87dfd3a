import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api-slice';
import { onboardingSlice } from '../features/onboarding/onboarding-slice';
import { deviceSlice } from '../lib/device/device-slice';
import { accessSlice } from './access-slice';

const rootReducer = combineSlices(api, deviceSlice, accessSlice, onboardingSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store per app start (and per test). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // Registers focus/online listeners; the API turns their refetching off, but this keeps
  // per-endpoint opt-ins possible.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
