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

/** A full-page form post to `url`, as a sign-out button in a plain HTML form would send it. */
function postPage(url: string): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.hidden = true;
  document.body.appendChild(form);
  form.submit();
}

/**
 * Logout: forget both tokens and every cached answer, then let the server end the session — a
 * full-page POST /api/logout (its session cookie, sent from this page's origin) clears the
 * httpOnly cookie and redirects to /auth.
 */
export function logOut(dispatch: AnyDispatch, signOutPage: (url: string) => void = postPage): void {
  tokenStorage.clear();
  dispatch(api.util.resetApiState());
  signOutPage('/api/logout');
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
      method: 'POST',
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
