import type { User } from '@quad/contracts';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { ALL_TAGS_BUT_USER, api } from '../../api/api-slice';
import { tokenStorage } from '../storage';
import { sessionApi } from './session-api';

type AnyDispatch = Dispatch<UnknownAction>;

/**
 * After login, registration or admin access: the returned user replaces the cached current
 * user, and every other cached read is refetched under the new identity (spec section 4).
 */
export function signedIn(dispatch: AnyDispatch, user: User): void {
  dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, user) as unknown as UnknownAction);
  dispatch(api.util.invalidateTags([...ALL_TAGS_BUT_USER]));
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
