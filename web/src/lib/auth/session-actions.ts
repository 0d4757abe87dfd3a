import type { User } from '@quad/contracts';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { TAG_TYPES, api } from '../../api/api-slice';
import { getBearerToken, tokenStorage } from '../storage';
import { sessionApi } from './session-api';

type AnyDispatch = Dispatch<UnknownAction>;

/**
 * After login, registration or admin access: the returned user replaces the cached current
 * user at once, and every cached read — the user included, so a ban or a changed profile shows
 * up — is refetched under the new identity (spec section 4).
 */
export function signedIn(dispatch: AnyDispatch, user: User): void {
  dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, user) as unknown as UnknownAction);
  dispatch(api.util.invalidateTags([...TAG_TYPES]));
}

/**
 * Logout: forget both tokens and every cached answer, then let the server end the session —
 * GET /api/logout clears the httpOnly cookie and redirects to /auth.
 */
export function logOut(dispatch: AnyDispatch, navigateTo: (url: string) => void = (url) => window.location.assign(url)): void {
  tokenStorage.clear();
  dispatch(api.util.resetApiState());
  navigateTo('/api/logout');
}

/**
 * Logout from the home screen (spec section 2): remove both stored tokens, clear the cache and go
 * to /auth in-app. The server session is ended first (its httpOnly cookie would otherwise sign the
 * user straight back in); if that call fails the local sign-out still happens.
 */
export async function logOutToSignIn(dispatch: AnyDispatch, goToSignIn: () => void): Promise<void> {
  const token = getBearerToken();
  try {
    await fetch('/api/logout', {
      credentials: 'include',
      redirect: 'manual',
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    });
  } catch {
    /* offline or already signed out: nothing more to end on the server */
  }
  tokenStorage.clear();
  dispatch(api.util.resetApiState());
  goToSignIn();
}
