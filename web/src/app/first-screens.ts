import { prefetchHomeFeed } from '../features/forum/prefetch-home-feed';
import { getBearerToken, readStoredDevice } from '../lib/storage';
import { lazyPage } from './lazy-page';
import { paths } from './paths';
import type { AppStore } from './store';

/**
 * The screens a page load can open on, each its own chunk, which startFirstScreen preloads. '/'
 * is home, or before it the device choice and then the profile's missing name (HomeRoute).
 */
export const AuthPage = lazyPage(() => import('../features/auth/components/auth-page'), 'AuthPage');
export const HomeRoute = lazyPage(() => import('./routes/home-route'), 'HomeRoute');
export const DeviceSelectionPage = lazyPage(() => import('../features/device/components/device-selection-page'), 'DeviceSelectionPage');
export const CompleteProfilePage = lazyPage(() => import('../features/auth/components/complete-profile-page'), 'CompleteProfilePage');

const firstScreens = { auth: AuthPage, home: HomeRoute, deviceSelection: DeviceSelectionPage };

/** Starts downloading a screen's chunk before it is shown (home while a sign-in succeeds). */
export function preloadScreen(screen: keyof typeof firstScreens): void {
  // A failed download is the router's to report when it renders the screen.
  firstScreens[screen].preload().catch(() => undefined);
}

/**
 * Starts what the screen this page load will most likely show needs, while the entry still
 * starts React and asks the server who is signed in; without it each would wait for that answer.
 * A visitor (no stored token) gets the sign-in page's chunk. A returning student (a token and a
 * chosen device) on / gets home's chunk and home's feed: the topics, then the first board's
 * posts; one who has not chosen a device yet, the device screen too. A wrong guess costs one
 * unused download; the router still loads what it needs.
 */
export function startFirstScreen(store: AppStore, pathname: string): void {
  const hasToken = getBearerToken() !== null;
  if (pathname === paths.auth || (pathname === paths.home && !hasToken)) {
    preloadScreen('auth');
  } else if (pathname === paths.home) {
    preloadScreen('home');
    // Errors (an expired token, no subscription) are home's to show when it asks again.
    if (readStoredDevice()) prefetchHomeFeed(store.dispatch).catch(() => undefined);
    else preloadScreen('deviceSelection');
  }
}
