/** What other features use from the friends feature: the one typed friends list (GET /api/friends). */
export { useGetFriendsQuery } from './api';
export { BlockedUsers } from './components/blocked-users';
