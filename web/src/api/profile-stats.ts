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
  dispatch(
    api.util.updateQueryData('getProfile' as never, undefined as never, (draft: Profile) => {
      draft.stats[stat] = Math.max(0, draft.stats[stat] + delta);
    }),
  );
}
