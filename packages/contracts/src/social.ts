import { z } from 'zod';

/**
 * Social shapes (spec sections 3, 5 and 7): friends, friend requests, suggestions, user search and
 * blocks. Every person shown on the Friends screen has the same shape, `Person`.
 */

/** The friends screen's server search needs more than 2 characters (spec section 9). */
export const FRIEND_SEARCH_MIN_LENGTH = 3;
/** Most results a search or the suggestions list returns. */
export const SOCIAL_LIST_LIMIT = 20;
/** The Add Friend dialog waits this long after the last keystroke before it searches (spec section 9). */
export const FRIEND_SEARCH_DEBOUNCE_MS = 300;

export const SOCIAL_MESSAGES = {
  searchTooShort: 'Search for friends (type at least 3 characters)',
  searchBlank: 'Type a name to search.',
  self: 'You cannot send a friend request to yourself.',
  userNotFound: 'User not found.',
  otherCollege: 'You can only add students from your own college.',
  alreadyFriends: 'You are already friends.',
  alreadySent: 'Friend request already sent.',
  blockedByYou: 'You blocked this user. Unblock them to send a friend request.',
  blocked: 'You cannot send a friend request to this user.',
  requestNotFound: 'Friend request not found.',
  receiverOnly: 'Only the receiver can answer this friend request.',
  notFriends: 'You are not friends with this user.',
  blockSelf: 'You cannot block yourself.',
  alreadyBlocked: 'You already blocked this user.',
  notBlocked: 'You have not blocked this user.',
} as const;

/** How the caller stands with a person; the web shows Add, Pending, Accept or nothing from it. */
export const friendStatusSchema = z.enum(['none', 'friends', 'request_sent', 'request_received']);
export type FriendStatus = z.infer<typeof friendStatusSchema>;

/** A student as the Friends screen shows one: card fields plus how the caller stands with them. */
export const personSchema = z.object({
  /** The user's id. */
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** College name ('' when the user has none, e.g. an anonymous admin). */
  college: z.string(),
  collegeInitials: z.string().nullable(),
  major: z.string(),
  graduationYear: z.number().nullable(),
  profileColor: z.string(),
  profileImageUrl: z.string().nullable(),
  /** False until chat's presence reaches social; the web may overlay chat's live presence. */
  isOnline: z.boolean(),
  /** Friends the caller and this person share. */
  mutualFriends: z.number().int().nonnegative(),
  friendStatus: friendStatusSchema,
});
export type Person = z.infer<typeof personSchema>;

/**
 * GET /api/friends: one entry per friend, the friend's fields at the top level (`id` is the
 * friend's user id, which DELETE /api/friends/{friendId}, POST /api/chats and the messages
 * screen use), and `friend` repeating the display fields for clients that read entries nested
 * (spec section 3). Sorted by first then last name.
 */
export const friendSchema = personSchema.extend({
  friendsSince: z.string(),
  friend: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileColor: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type Friend = z.infer<typeof friendSchema>;

/** Display fields of a request's sender and receiver. */
export const requestPartySchema = personSchema;

/** A friend request. Only pending requests are listed; accept and reject answer with the final status. */
export const friendRequestSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  senderId: z.string(),
  receiverId: z.string(),
  createdAt: z.string(),
  sender: requestPartySchema,
  receiver: requestPartySchema,
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/** GET /api/friend-requests: pending requests to the caller (Pending Requests) and from them (Sent Requests), newest first. */
export const friendRequestListSchema = z.object({
  incoming: z.array(friendRequestSchema),
  sent: z.array(friendRequestSchema),
});
export type FriendRequestList = z.infer<typeof friendRequestListSchema>;

const userIdField = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, message);

/** POST /api/friend-requests. */
export const sendFriendRequestBodySchema = z.object({ friendId: userIdField('friendId is required.') });
export type SendFriendRequestBody = z.infer<typeof sendFriendRequestBodySchema>;

/**
 * POST /api/friend-requests answers 201 with the new request, or 200 with an accepted one when the
 * other student had already asked the caller (crossing requests make a friendship).
 */
export const sendFriendRequestResponseSchema = friendRequestSchema;

/** GET /api/search/users?q= (the Friends screen's Search tab; `term` is accepted too). */
export const searchUsersQuerySchema = z
  .object({ q: z.string().optional(), term: z.string().optional() })
  .transform((query) => ({ q: (query.q ?? query.term ?? '').trim() }))
  .refine((query) => query.q.length >= FRIEND_SEARCH_MIN_LENGTH, { message: SOCIAL_MESSAGES.searchTooShort });

/** GET /api/users/search?q= (the Add Friend dialog): any non-blank text. */
export const dialogSearchQuerySchema = z
  .object({ q: z.string().optional() })
  .transform((query) => ({ q: (query.q ?? '').trim() }))
  .refine((query) => query.q.length > 0 && query.q.length <= 100, { message: SOCIAL_MESSAGES.searchBlank });

/** A result of the Add Friend dialog's search: id, firstName, lastName, college (spec section 7), plus the card fields. */
export const userSearchResultSchema = personSchema;
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/** POST /api/blocks. */
export const blockUserBodySchema = z.object({ userId: userIdField('userId is required.') });
export type BlockUserBody = z.infer<typeof blockUserBodySchema>;

/** GET /api/blocks: the users the caller blocked, newest first. */
export const blockedUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  college: z.string(),
  profileColor: z.string(),
  profileImageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
