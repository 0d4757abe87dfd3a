import type { Profile } from '@quad/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from './api-slice';

type StatName = keyof Profile['stats'];

/**
 * Moves a count of the cached profile by what the user just did. The profile's stats are kept by
 * auth from forum and social events, so a refetch right after a create would race that projection
 * and show the old number; the web applies the change it knows happened instead, and the next
 * profile fetch brings the server's count, which by then has followed.
 */
export async function adjustCachedProfileStat(
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>,
  queryFulfilled: Promise<unknown>,
  stat: StatName,
  delta: 1 | -1,
): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    return; // nothing happened
  }
  // The profile endpoint is injected by the profile feature; this module names it without importing
  // it. Until that feature has loaded (it loads when a profile is first shown), no profile is cached
  // and there is nothing to move.
  if (!('getProfile' in api.endpoints)) return;
  const updateProfile = api.util.updateQueryData as unknown as (
    endpoint: 'getProfile',
    arg: undefined,
    recipe: (draft: Profile) => void,
  ) => UnknownAction;
  dispatch(
    updateProfile('getProfile', undefined, (draft) => {
      draft.stats[stat] = Math.max(0, draft.stats[stat] + delta);
    }),
  );
}
