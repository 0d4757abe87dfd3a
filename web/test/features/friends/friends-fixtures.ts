import {
  STORAGE_KEYS,
  type Friend,
  type FriendRequest,
  type FriendRequestList,
  type Person,
} from '@quad/contracts';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch, type RouteHandler } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

export const viewer = makeUser({
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  subscriptionExpiresAt: '2099-01-01T00:00:00.000Z',
});

export function makePerson(overrides: Partial<Person> = {}): Person {
  return {
    id: 'u2',
    firstName: 'Grace',
    lastName: 'Hopper',
    college: 'State University',
    collegeInitials: 'SU',
    major: 'Computer Science',
    graduationYear: 2027,
    profileColor: '#10B981',
    profileImageUrl: null,
    isOnline: false,
    mutualFriends: 0,
    friendStatus: 'none',
    ...overrides,
  };
}

export function makeFriend(overrides: Partial<Person> = {}): Friend {
  const person = makePerson({ friendStatus: 'friends', ...overrides });
  return {
    ...person,
    friendsSince: '2025-01-10T10:00:00.000Z',
    friend: {
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      profileColor: person.profileColor,
      profileImageUrl: null,
    },
  };
}

export function makeRequest(
  sender: Person,
  receiver: Person,
  overrides: Partial<FriendRequest> = {},
): FriendRequest {
  return {
    id: `${sender.id}:${receiver.id}`,
    status: 'pending',
    senderId: sender.id,
    receiverId: receiver.id,
    createdAt: '2025-01-11T10:00:00.000Z',
    sender,
    receiver,
    ...overrides,
  };
}

export const me = makePerson({ id: viewer.id, firstName: 'Ada', lastName: 'Lovelace' });

export interface FriendsOptions {
  friends?: Friend[];
  requests?: FriendRequestList;
  suggestions?: Person[];
  routes?: Record<string, RouteHandler | ReturnType<typeof jsonResponse>>;
  route?: string;
}

/** The signed-in app at /friends on a desktop, the social service answering from fixtures. */
export function renderFriends({
  friends = [],
  requests = { incoming: [], sent: [] },
  suggestions = [],
  routes = {},
  route = '/friends',
}: FriendsOptions = {}) {
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  const network = stubFetch({
    'GET /api/auth/user': jsonResponse(200, viewer),
    'GET /api/friends': jsonResponse(200, friends),
    'GET /api/friend-requests': jsonResponse(200, requests),
    'GET /api/friends/suggestions': jsonResponse(200, suggestions),
    ...routes,
  });
  return { ...renderApp(route), network };
}
