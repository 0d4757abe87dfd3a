import type { User } from '@quad/contracts';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { TAG_TYPES, api } from '../../api/api-slice';
import { tokenStorage } from '../storage';
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
