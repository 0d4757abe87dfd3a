import { z } from 'zod';
import { type HttpMethod, operationMatcher, tableMethod } from './public-operations';
import { adminBansQuerySchema, adminListQuerySchema, adminPaymentsQuerySchema, adminUsersQuerySchema } from './admin-lists';
import {
  acceptInviteBodySchema,
  adminInviteSchema,
  inviteAdminBodySchema,
  namedAdminSchema,
  twoFactorChallengeSchema,
  verifyTwoFactorBodySchema,
  verifyTwoFactorResponseSchema,
} from './admins';
import {
  adminAuthResponseSchema,
  adminUserListSchema,
  authResponseSchema,
  changeCollegeBodySchema,
  collegeListSchema,
  completeProfileBodySchema,
  debugSessionSchema,
  loginBodySchema,
  profileSchema,
  profileUpdateFieldsSchema,
  registerAdminBodySchema,
  registerBodySchema,
  tutorialCompleteResponseSchema,
  userSchema,
} from './auth';
import {
  addGroupMembersBodySchema,
  chatMessageSchema,
  chatSummarySchema,
  createChatBodySchema,
  createGroupBodySchema,
  groupMemberBodySchema,
  groupSummarySchema,
  GROUP_PHOTO_FIELD,
  listGroupMessagesQuerySchema,
  listMessagesQuerySchema,
  markReadBodySchema,
  markReadResponseSchema,
  renameGroupBodySchema,
  sendGroupMessageBodySchema,
  sendMessageBodySchema,
} from './chat';
import {
  cancelSubscriptionResponseSchema,
  createSubscriptionResponseSchema,
  manualSubscriptionBodySchema,
  manualSubscriptionResponseSchema,
  paymentRequestListSchema,
  paymentSubmitBodySchema,
  paymentSubmitResponseSchema,
  subscriptionHistorySchema,
  subscriptionStatusSchema,
  updatePaymentBodySchema,
  updatePaymentResponseSchema,
} from './commerce';
import {
  commentSchema,
  createCommentBodySchema,
  createPostBodySchema,
  deletedResponseSchema,
  listCommentsQuerySchema,
  listPostsQuerySchema,
  postSchema,
  postViewResponseSchema,
  profileCommentSchema,
  profilePostSchema,
  topicSchema,
  updateCommentBodySchema,
  updatePostBodySchema,
  userStatsSchema,
} from './forum';
import {
  createIdeaBodySchema,
  createIdeaCommentBodySchema,
  ideaCommentSchema,
  ideaInterestResponseSchema,
  ideaSchema,
  ideaStatsSchema,
  interestedStudentSchema,
  listIdeasQuerySchema,
} from './ideas';
import {
  adminAppealSchema,
  adminAppealsQuerySchema,
  adminReportSchema,
  adminReportsQuerySchema,
  appealSchema,
  auditEntrySchema,
  auditLogQuerySchema,
  banUserBodySchema,
  bannedUserSchema,
  createAppealBodySchema,
  createReportBodySchema,
  decideAppealBodySchema,
  myAppealResponseSchema,
  myReportSchema,
  reportMessageBodySchema,
  resolveReportBodySchema,
  revealBodySchema,
  revealResponseSchema,
} from './moderation';
import { settingsSchema, updateSettingsBodySchema } from './settings';
import {
  listNotificationsQuerySchema,
  markNotificationsReadBodySchema,
  notificationPreferencesSchema,
  notificationSchema,
  unreadCountSchema,
  updateNotificationPreferencesBodySchema,
} from './notifications';
import { accountExportSchema, exportQuerySchema, deleteAccountBodySchema, deleteAccountResponseSchema, resendConfirmationResponseSchema, verifyEmailBodySchema, verifyEmailResponseSchema } from './account';
import { createPollBodySchema, listPollsQuerySchema, pollSchema, votePollBodySchema } from './polls';
import {
  blockUserBodySchema,
  blockedUserSchema,
  dialogSearchQuerySchema,
  friendRequestListSchema,
  friendRequestSchema,
  friendSchema,
  personSchema,
  searchUsersQuerySchema,
  sendFriendRequestBodySchema,
  userSearchResultSchema,
} from './social';
import { searchHitSchema, searchQuerySchema } from './search';

/*
 * Every operation of the public API: method, path, who may call it, and the very zod schemas the
 * services validate with (imported, never copied). The route table (routes.ts) says which service
 * answers a path; this says what each path does. The gateway renders it as the OpenAPI document at
 * /api/docs, and the gateway's openapi test checks it both ways: every route each service
 * registers is here, every entry here is registered, and every route-table entry has operations.
 */

export type { HttpMethod };

/**
 * Who may call: anyone; any signed-in user; a signed-in student with an active subscription (or an
 * admin; others get 402); admins only (others get 403).
 */
export type ApiAccess = 'public' | 'signed-in' | 'subscriber' | 'admin';

export interface ApiOperation {
  method: HttpMethod;
  /** Exactly as the service registers it with express: `/api/posts/:id`. */
  path: string;
  summary: string;
  access: ApiAccess;
  /** The JSON body the route parses (a multipart form when `uploadField` is set). */
  body?: z.ZodType;
  /** A multipart upload: the name of its optional image file field. */
  uploadField?: string;
  /** The query string the route parses. */
  query?: z.ZodType<unknown, Record<string, unknown>>;
  /** The success status(es), 200 unless stated; the first is the usual one. */
  status?: number | readonly number[];
  /** The success body. */
  response?: z.ZodType;
  /** A page of a longer list: the next page's cursor comes in the `X-Next-Cursor` header. */
  paged?: boolean;
  /** Not an HTTP route of its service: the socket.io upgrade at `/ws`. */
  websocket?: boolean;
}

const message = z.object({ message: z.string() });

export const API_OPERATIONS: readonly ApiOperation[] = [
  // auth
  { method: 'post', path: '/api/register', summary: 'Register a student account', access: 'public', body: registerBodySchema, status: 201, response: authResponseSchema },
  { method: 'post', path: '/api/login', summary: 'Sign in (a named admin gets a second-factor challenge instead of a session)', access: 'public', body: loginBodySchema, response: z.union([authResponseSchema, twoFactorChallengeSchema]) },
  { method: 'post', path: '/api/auth/2fa/verify', summary: 'Answer a second-factor challenge with a TOTP or recovery code', access: 'public', body: verifyTwoFactorBodySchema, response: verifyTwoFactorResponseSchema },
  { method: 'post', path: '/api/register-admin', summary: 'Open a bootstrap admin session with the admin password and an operator handle (where ADMIN_PASSWORD_SIGNIN is on)', access: 'public', body: registerAdminBodySchema, status: 201, response: adminAuthResponseSchema },
  { method: 'post', path: '/api/logout', summary: 'Sign out (a form post from the page): ends the session and redirects to /auth', access: 'public', status: 303 },
  { method: 'get', path: '/api/auth/user', summary: 'The signed-in user', access: 'signed-in', response: userSchema },
  { method: 'get', path: '/api/debug/session', summary: 'What the presented session is (never the token)', access: 'public', response: debugSessionSchema },
  { method: 'get', path: '/api/colleges', summary: 'Every college, by name', access: 'public', response: collegeListSchema },
  { method: 'post', path: '/api/complete-profile', summary: 'Set first and last name', access: 'signed-in', body: completeProfileBodySchema, response: userSchema },
  { method: 'get', path: '/api/profile', summary: 'The caller’s profile with stats', access: 'signed-in', response: profileSchema },
  { method: 'post', path: '/api/profile/update', summary: 'Edit the profile, its colour or its photo', access: 'signed-in', body: profileUpdateFieldsSchema, uploadField: 'profileImage', response: userSchema },
  { method: 'post', path: '/api/tutorial/complete', summary: 'Mark the tutorial as seen', access: 'signed-in', response: tutorialCompleteResponseSchema },
  { method: 'get', path: '/api/settings', summary: 'The caller’s preferences (colour scheme)', access: 'signed-in', response: settingsSchema },
  { method: 'put', path: '/api/settings', summary: 'Change the caller’s preferences', access: 'signed-in', body: updateSettingsBodySchema, response: settingsSchema },
  { method: 'post', path: '/api/auth/verify-email', summary: 'Confirm the e-mail address with the token of its link (works once, for 48 hours)', access: 'public', body: verifyEmailBodySchema, response: verifyEmailResponseSchema },
  { method: 'post', path: '/api/auth/verify-email/resend', summary: 'Send a new confirmation link (3 an hour per account)', access: 'signed-in', response: resendConfirmationResponseSchema },
  { method: 'get', path: '/api/account/export', summary: 'Everything the caller made, from every service: one JSON file, or with ?format=zip a zip with their images', access: 'signed-in', query: exportQuerySchema, response: accountExportSchema },
  { method: 'delete', path: '/api/account', summary: 'Delete the caller’s account (the password and the typed word DELETE); every service forgets them', access: 'signed-in', body: deleteAccountBodySchema, response: deleteAccountResponseSchema },
  { method: 'get', path: '/api/admin/users', summary: 'Accounts a page at a time: search by name or e-mail, filter by college, role, subscription, ban; sort', access: 'admin', query: adminUsersQuerySchema, response: adminUserListSchema, paged: true },
  { method: 'get', path: '/api/admin/admins', summary: 'Named admins, newest first, with their second factor', access: 'admin', query: adminListQuerySchema, response: z.array(namedAdminSchema), paged: true },
  { method: 'post', path: '/api/admin/admins/invites', summary: 'Invite an admin by e-mail (the link works once, for 72 hours)', access: 'admin', body: inviteAdminBodySchema, status: 201, response: z.object({ email: z.string(), expiresAt: z.string() }) },
  { method: 'get', path: '/api/admin/admins/invites/:token', summary: 'An admin invitation by its link', access: 'public', response: adminInviteSchema },
  { method: 'post', path: '/api/admin/admins/invites/:token/accept', summary: 'Accept an admin invitation: set the password, then set up the second factor', access: 'public', body: acceptInviteBodySchema, status: 201, response: twoFactorChallengeSchema },
  { method: 'delete', path: '/api/admin/admins/:id', summary: 'Remove a named admin (never the last)', access: 'admin', response: message },
  { method: 'post', path: '/api/admin/change-college', summary: 'Move a student to another college', access: 'admin', body: changeCollegeBodySchema, response: userSchema },

  // forum: boards, posts, comments, stats
  { method: 'get', path: '/api/topics', summary: 'Boards with the college’s post counts', access: 'subscriber', response: z.array(topicSchema) },
  { method: 'get', path: '/api/posts', summary: 'Posts, newest first', access: 'subscriber', query: listPostsQuerySchema, response: z.array(postSchema), paged: true },
  { method: 'post', path: '/api/posts', summary: 'Write a post, optionally with an image', access: 'subscriber', body: createPostBodySchema, uploadField: 'image', status: 201, response: postSchema },
  { method: 'get', path: '/api/posts/:id', summary: 'One post, as the feed presents it (another college’s is 404)', access: 'subscriber', response: postSchema },
  { method: 'put', path: '/api/posts/:id', summary: 'Edit a post (author or admin)', access: 'subscriber', body: updatePostBodySchema, response: postSchema },
  { method: 'delete', path: '/api/posts/:id', summary: 'Delete a post with its comments and image (author or admin)', access: 'subscriber', response: deletedResponseSchema },
  { method: 'post', path: '/api/posts/:id/view', summary: 'Count a view (once per viewer, never the author)', access: 'subscriber', response: postViewResponseSchema },
  { method: 'get', path: '/api/comments', summary: 'A post’s comments, oldest first', access: 'subscriber', query: listCommentsQuerySchema, response: z.array(commentSchema) },
  { method: 'post', path: '/api/comments', summary: 'Comment on a post', access: 'subscriber', body: createCommentBodySchema, status: 201, response: commentSchema },
  { method: 'put', path: '/api/comments/:id', summary: 'Edit a comment (author or admin)', access: 'subscriber', body: updateCommentBodySchema, response: commentSchema },
  { method: 'delete', path: '/api/comments/:id', summary: 'Delete a comment (author or admin)', access: 'subscriber', response: deletedResponseSchema },
  { method: 'get', path: '/api/user/stats', summary: 'The caller’s post count', access: 'subscriber', response: userStatsSchema },
  { method: 'get', path: '/api/profile/posts', summary: 'The caller’s recent posts', access: 'signed-in', response: z.array(profilePostSchema) },
  { method: 'get', path: '/api/profile/comments', summary: 'The caller’s recent comments', access: 'signed-in', response: z.array(profileCommentSchema) },

  // forum: ideas hub
  { method: 'get', path: '/api/ideas', summary: 'Ideas from every college, filtered and sorted', access: 'subscriber', query: listIdeasQuerySchema, response: z.array(ideaSchema), paged: true },
  { method: 'get', path: '/api/ideas/stats', summary: 'The hub’s three stats', access: 'subscriber', response: ideaStatsSchema },
  { method: 'post', path: '/api/ideas', summary: 'Share an idea', access: 'subscriber', body: createIdeaBodySchema, status: 201, response: ideaSchema },
  { method: 'get', path: '/api/ideas/:id', summary: 'One idea', access: 'subscriber', response: ideaSchema },
  { method: 'delete', path: '/api/ideas/:id', summary: 'Delete an idea (author or admin)', access: 'subscriber', response: deletedResponseSchema },
  { method: 'get', path: '/api/ideas/:id/comments', summary: 'An idea’s comments, oldest first', access: 'subscriber', response: z.array(ideaCommentSchema) },
  { method: 'post', path: '/api/ideas/:id/comments', summary: 'Comment on an idea', access: 'subscriber', body: createIdeaCommentBodySchema, status: 201, response: ideaCommentSchema },
  { method: 'delete', path: '/api/ideas/:id/comments/:commentId', summary: 'Delete an idea comment (its author or an admin)', access: 'subscriber', response: deletedResponseSchema },
  { method: 'post', path: '/api/ideas/:id/interest', summary: 'Say “I’m interested” (idempotent)', access: 'subscriber', response: ideaInterestResponseSchema },
  { method: 'delete', path: '/api/ideas/:id/interest', summary: 'Withdraw interest', access: 'subscriber', response: ideaInterestResponseSchema },
  { method: 'get', path: '/api/ideas/:id/interested', summary: 'Students interested in an idea (its author or an admin)', access: 'subscriber', response: z.array(interestedStudentSchema) },

  // forum: polls
  { method: 'get', path: '/api/polls/all', summary: 'The college’s polls, newest first', access: 'subscriber', query: listPollsQuerySchema, response: z.array(pollSchema), paged: true },
  { method: 'post', path: '/api/polls', summary: 'Create a poll', access: 'subscriber', body: createPollBodySchema, status: 201, response: pollSchema },
  { method: 'post', path: '/api/polls/:id/vote', summary: 'Vote (another option moves the vote)', access: 'subscriber', body: votePollBodySchema, response: pollSchema },
  { method: 'delete', path: '/api/polls/:id/vote', summary: 'Take back the caller’s vote', access: 'subscriber', response: pollSchema },
  { method: 'delete', path: '/api/polls/:id', summary: 'Delete a poll (author or admin)', access: 'subscriber', response: deletedResponseSchema },

  // social
  { method: 'get', path: '/api/friends', summary: 'Friends, by name', access: 'subscriber', response: z.array(friendSchema) },
  { method: 'get', path: '/api/friends/suggestions', summary: 'Suggested friends, most mutual friends first', access: 'subscriber', response: z.array(personSchema) },
  { method: 'delete', path: '/api/friends/:friendId', summary: 'Remove a friend', access: 'subscriber', response: message },
  { method: 'get', path: '/api/friend-requests', summary: 'Pending requests to and from the caller', access: 'subscriber', response: friendRequestListSchema },
  { method: 'post', path: '/api/friend-requests', summary: 'Send a friend request (200 with an accepted one when the requests crossed)', access: 'subscriber', body: sendFriendRequestBodySchema, status: [201, 200], response: friendRequestSchema },
  { method: 'post', path: '/api/friend-requests/:id/accept', summary: 'Accept a friend request (receiver only)', access: 'subscriber', response: friendRequestSchema },
  { method: 'post', path: '/api/friend-requests/:id/reject', summary: 'Reject a friend request (receiver only)', access: 'subscriber', response: friendRequestSchema },
  { method: 'get', path: '/api/search/users', summary: 'Search students (3 characters or more)', access: 'subscriber', query: searchUsersQuerySchema, response: z.array(personSchema) },
  { method: 'get', path: '/api/users/search', summary: 'Search students for the Add Friend dialog', access: 'subscriber', query: dialogSearchQuerySchema, response: z.array(userSearchResultSchema) },
  { method: 'get', path: '/api/blocks', summary: 'Users the caller blocked, newest first', access: 'signed-in', response: z.array(blockedUserSchema) },
  { method: 'post', path: '/api/blocks', summary: 'Block a user (ends a friendship and pending requests)', access: 'signed-in', body: blockUserBodySchema, status: 201, response: blockedUserSchema },
  { method: 'delete', path: '/api/blocks/:userId', summary: 'Unblock a user', access: 'signed-in', response: message },

  // notifications
  { method: 'get', path: '/api/notifications', summary: 'The caller’s notifications, newest first, a page at a time', access: 'signed-in', query: listNotificationsQuerySchema, response: z.array(notificationSchema), paged: true },
  { method: 'get', path: '/api/notifications/unread-count', summary: 'How many of the caller’s notifications are unread (the bell’s count)', access: 'signed-in', response: unreadCountSchema },
  { method: 'post', path: '/api/notifications/read', summary: 'Mark some (by id) or all of the caller’s notifications read', access: 'signed-in', body: markNotificationsReadBodySchema, response: unreadCountSchema },
  { method: 'get', path: '/api/notifications/preferences', summary: 'The caller’s notification preferences: in-app and e-mail per kind', access: 'signed-in', response: notificationPreferencesSchema },
  { method: 'put', path: '/api/notifications/preferences', summary: 'Change notification preferences of some kinds', access: 'signed-in', body: updateNotificationPreferencesBodySchema, response: notificationPreferencesSchema },

  // search
  { method: 'get', path: '/api/search', summary: 'Search posts, comments, ideas, polls and people the caller may open (typo-tolerant, by relevance and recency)', access: 'subscriber', query: searchQuerySchema, response: z.array(searchHitSchema), paged: true },

  // chat
  { method: 'post', path: '/api/chats', summary: 'Open a conversation (200 when it exists already)', access: 'subscriber', body: createChatBodySchema, status: [201, 200], response: chatSummarySchema },
  { method: 'get', path: '/api/chats', summary: 'Conversations, newest activity first', access: 'subscriber', response: z.array(chatSummarySchema) },
  { method: 'get', path: '/api/messages', summary: 'A conversation’s messages, newest first', access: 'subscriber', query: listMessagesQuerySchema, response: z.array(chatMessageSchema), paged: true },
  { method: 'post', path: '/api/messages', summary: 'Send a message (200 with the stored one when its clientId was sent before)', access: 'subscriber', body: sendMessageBodySchema, status: [201, 200], response: chatMessageSchema },
  { method: 'post', path: '/api/messages/:id/report', summary: 'Report a direct or group message the caller can read (409 for a second report)', access: 'subscriber', body: reportMessageBodySchema, status: 201, response: myReportSchema },
  { method: 'post', path: '/api/messages/read', summary: 'Mark what a user sent the caller as read', access: 'subscriber', body: markReadBodySchema, response: markReadResponseSchema },
  // chat: groups
  { method: 'post', path: '/api/groups', summary: 'Create a group chat with 2–49 friends of the caller’s college', access: 'subscriber', body: createGroupBodySchema, status: 201, response: groupSummarySchema },
  { method: 'get', path: '/api/groups', summary: 'The caller’s groups, newest activity first', access: 'subscriber', response: z.array(groupSummarySchema) },
  { method: 'get', path: '/api/groups/:id', summary: 'A group of the caller’s', access: 'subscriber', response: groupSummarySchema },
  { method: 'put', path: '/api/groups/:id', summary: 'Rename a group (owner or admin)', access: 'subscriber', body: renameGroupBodySchema, response: groupSummarySchema },
  { method: 'post', path: '/api/groups/:id/photo', summary: 'Set the group photo (owner or admin; sniffed and re-encoded)', access: 'subscriber', body: z.object({}), uploadField: GROUP_PHOTO_FIELD, response: groupSummarySchema },
  { method: 'delete', path: '/api/groups/:id/photo', summary: 'Remove the group photo (owner or admin)', access: 'subscriber', response: groupSummarySchema },
  { method: 'post', path: '/api/groups/:id/members', summary: 'Add friends to a group (owner or admin)', access: 'subscriber', body: addGroupMembersBodySchema, response: groupSummarySchema },
  { method: 'delete', path: '/api/groups/:id/members/:userId', summary: 'Remove a member (owner; admins remove plain members)', access: 'subscriber', response: groupSummarySchema.nullable() },
  { method: 'post', path: '/api/groups/:id/leave', summary: 'Leave a group (an owner’s ownership passes on)', access: 'subscriber', response: z.object({ left: z.boolean() }) },
  { method: 'post', path: '/api/groups/:id/owner', summary: 'Hand ownership to another member (owner only)', access: 'subscriber', body: groupMemberBodySchema, response: groupSummarySchema },
  { method: 'post', path: '/api/groups/:id/admins', summary: 'Make a member an admin (owner only)', access: 'subscriber', body: groupMemberBodySchema, response: groupSummarySchema },
  { method: 'delete', path: '/api/groups/:id/admins/:userId', summary: 'Make an admin a plain member again (owner only)', access: 'subscriber', response: groupSummarySchema },
  { method: 'get', path: '/api/groups/:id/messages', summary: 'A group’s messages, newest first (members only)', access: 'subscriber', query: listGroupMessagesQuerySchema, response: z.array(chatMessageSchema), paged: true },
  { method: 'post', path: '/api/groups/:id/messages', summary: 'Send to a group (200 with the stored one when its clientId was sent before)', access: 'subscriber', body: sendGroupMessageBodySchema.omit({ groupId: true }), status: [201, 200], response: chatMessageSchema },
  { method: 'post', path: '/api/groups/:id/read', summary: 'Mark everything in a group read for the caller', access: 'subscriber', response: markReadResponseSchema },
  { method: 'get', path: '/ws', summary: 'Real-time chat: socket.io over WebSocket, the token in the handshake’s `auth`', access: 'subscriber', status: 101, websocket: true },

  // commerce
  { method: 'get', path: '/api/subscription-status', summary: 'The caller’s subscription', access: 'signed-in', response: subscriptionStatusSchema },
  { method: 'get', path: '/api/subscription-status/history', summary: 'The caller’s payments, decisions and grants, newest first', access: 'signed-in', response: subscriptionHistorySchema },
  { method: 'post', path: '/api/cancel-subscription', summary: 'Cancel (access continues until the expiry)', access: 'signed-in', response: cancelSubscriptionResponseSchema },
  { method: 'post', path: '/api/create-subscription', summary: 'Card payment (activates at once in mock mode only)', access: 'signed-in', response: createSubscriptionResponseSchema },
  { method: 'post', path: '/api/payments/submit', summary: 'Submit a Venmo payment for approval (409 while one is pending)', access: 'signed-in', body: paymentSubmitBodySchema, status: 201, response: paymentSubmitResponseSchema },
  { method: 'get', path: '/api/admin/payment-requests', summary: 'Payment requests a page at a time: pending first (oldest first), then decided; status, search, dates', access: 'admin', query: adminPaymentsQuerySchema, response: paymentRequestListSchema, paged: true },
  { method: 'post', path: '/api/admin/update-payment', summary: 'Approve or reject a pending payment', access: 'admin', body: updatePaymentBodySchema, response: updatePaymentResponseSchema },
  { method: 'post', path: '/api/admin/manual-subscription', summary: 'Grant 1, 3, 6 or 12 months by e-mail', access: 'admin', body: manualSubscriptionBodySchema, response: manualSubscriptionResponseSchema },

  // moderation
  { method: 'post', path: '/api/reports', summary: 'Report a post or comment (409 for a second open report)', access: 'subscriber', body: createReportBodySchema, status: 201, response: myReportSchema },
  { method: 'get', path: '/api/reports/mine', summary: 'The caller’s reports and their outcome', access: 'subscriber', response: z.array(myReportSchema) },
  { method: 'get', path: '/api/admin/reports', summary: 'Reports by status a page at a time; search, type, dates', access: 'admin', query: adminReportsQuerySchema, response: z.array(adminReportSchema), paged: true },
  { method: 'post', path: '/api/admin/reports/:id/resolve', summary: 'Resolve or dismiss a report, optionally removing the content', access: 'admin', body: resolveReportBodySchema, response: adminReportSchema },
  { method: 'post', path: '/api/admin/ban-user', summary: 'Ban a user for a number of hours', access: 'admin', body: banUserBodySchema, status: 201, response: bannedUserSchema },
  { method: 'delete', path: '/api/admin/unban-user/:userId', summary: 'Lift a ban', access: 'admin', response: message },
  { method: 'get', path: '/api/admin/banned-users', summary: 'Bans in force a page at a time, each with its appeal; search', access: 'admin', query: adminBansQuerySchema, response: z.array(bannedUserSchema), paged: true },
  { method: 'post', path: '/api/appeals', summary: 'Appeal the caller’s ban (reachable while banned; one per ban)', access: 'signed-in', body: createAppealBodySchema, status: 201, response: appealSchema },
  { method: 'get', path: '/api/appeals/mine', summary: 'The caller’s suspension and its appeal (reachable while banned)', access: 'signed-in', response: myAppealResponseSchema },
  { method: 'get', path: '/api/admin/appeals', summary: 'Appeals by status a page at a time; search', access: 'admin', query: adminAppealsQuerySchema, response: z.array(adminAppealSchema), paged: true },
  { method: 'post', path: '/api/admin/appeals/:id/decide', summary: 'Accept (lifts the ban) or decline an appeal', access: 'admin', body: decideAppealBodySchema, response: appealSchema },
  { method: 'post', path: '/api/admin/reveal', summary: 'Reveal the author of anonymous content, with a written reason (audit-logged)', access: 'admin', body: revealBodySchema, response: revealResponseSchema },
  { method: 'get', path: '/api/admin/audit-log', summary: 'Admin actions of every service, newest first; actor, action, target, dates, search', access: 'admin', query: auditLogQuerySchema, response: z.array(auditEntrySchema), paged: true },
];

/** Each operation with its path as a regular expression (`:id` matches one path segment). */
const OPERATION_MATCHERS = API_OPERATIONS.map((op) => ({ op, ...operationMatcher(op) }));

/** The operation a request calls (`GET`, `/api/posts/abc`; no query string), if the table has it. */
export function operationFor(method: string, path: string): ApiOperation | undefined {
  const upper = tableMethod(method);
  return OPERATION_MATCHERS.find((matcher) => matcher.method === upper && matcher.pattern.test(path))?.op;
}
