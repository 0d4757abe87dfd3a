import { api } from '../../api/api-slice';

/** A friend as the home sidebar shows one. */
export interface SidebarFriend {
  id: string;
  firstName: string;
  lastName: string;
  profileColor: string | null;
  profileImageUrl: string | null;
  /** null when the server does not say. */
  isOnline: boolean | null;
}

type Loose = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * Friend entries come as {id, friend:{…}} or with the names at the top level (spec section 3);
 * the list itself may be bare or wrapped in {friends}. Anything unreadable is dropped.
 */
export function normalizeFriends(data: unknown): SidebarFriend[] {
  const list = Array.isArray(data) ? data : Array.isArray((data as Loose | null)?.friends) ? ((data as Loose).friends as unknown[]) : [];
  return list.flatMap((entry): SidebarFriend[] => {
    if (!entry || typeof entry !== 'object') return [];
    const outer = entry as Loose;
    const person = outer.friend && typeof outer.friend === 'object' ? (outer.friend as Loose) : outer;
    const id = text(person.id) || text(outer.id);
    const firstName = text(person.firstName);
    if (!id || !firstName) return [];
    return [
      {
        id,
        firstName,
        lastName: text(person.lastName),
        profileColor: textOrNull(person.profileColor),
        profileImageUrl: textOrNull(person.profileImageUrl),
        // Social sends isOnline beside the nested friend, not inside it.
        isOnline: typeof person.isOnline === 'boolean' ? person.isOnline : typeof outer.isOnline === 'boolean' ? outer.isOnline : null,
      },
    ];
  });
}

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/friends for the sidebar (social's `Friend` entries: the friend's fields at the top
     * level and again under `friend`). The sidebar is secondary: while the social service does not
     * answer (502…) it shows its empty state instead of an error.
     */
    getSidebarFriends: build.query<SidebarFriend[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/friends');
        return { data: result.error ? [] : normalizeFriends(result.data) };
      },
      providesTags: ['Friends'],
    }),
  }),
});

export const { useGetSidebarFriendsQuery } = homeApi;
