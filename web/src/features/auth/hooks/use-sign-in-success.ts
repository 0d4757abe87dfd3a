import type { User } from '@quad/contracts';
import { useCallback } from 'react';
import { preloadScreen } from '../../../app/first-screens';
import { useAppDispatch } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { scheduleNavigation } from '../../../app/scheduled-navigation';
import { signedIn } from '../../../lib/auth/session-actions';
import { tokenStorage } from '../../../lib/storage';
import { useToast, type ToastOptions } from '../../../ui/toast';

/** Spec section 9: navigation follows the success toast after 500 ms. */
export const POST_SUCCESS_NAVIGATION_DELAY_MS = 500;

interface SignInSuccess {
  user: User;
  token: { kind: 'user' | 'admin'; value: string };
  toast: ToastOptions;
  /** 'route' navigates inside the app; 'page' does a full page load (after registration). */
  navigation: 'route' | 'page';
}

/**
 * What every successful sign-in does: keep the token, make the returned user the cached
 * current user and refetch everything else, say so, and go home shortly after.
 */
export function useSignInSuccess() {
  const dispatch = useAppDispatch();
  const { toast } = useToast();

  return useCallback(
    ({ user, token, toast: message, navigation }: SignInSuccess) => {
      // Home's code downloads while the toast shows, so the move home does not wait for it.
      if (navigation === 'route') preloadScreen('home');
      if (token.kind === 'admin') tokenStorage.setAdminToken(token.value);
      else tokenStorage.setUserToken(token.value);
      signedIn(dispatch, user);
      toast(message);
      if (navigation === 'page') {
        window.setTimeout(() => window.location.assign(paths.home), POST_SUCCESS_NAVIGATION_DELAY_MS);
      } else {
        // Signing in remounts this page (the route set changes), so the move outlives it.
        scheduleNavigation(paths.home, POST_SUCCESS_NAVIGATION_DELAY_MS);
      }
    },
    [dispatch, toast],
  );
}
