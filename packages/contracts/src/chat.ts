import { z } from 'zod';
import type { NotificationPush, NotificationsReadPush } from './notifications';
import { GROUP_LIMITS, LIMITS } from './constants';
import { requiredText } from './required-text';

/**
 * Chat shapes (spec sections 3, 4 and 7): conversations, messages, and the one typed event map of
 * the socket.io connection at `/ws`, used by the chat service and the web app alike.
 */

/** Messages per page of GET /api/messages: the default and the most a client may ask for. */
export const MESSAGES_PAGE_SIZE = { default: 30, max: 100 } as const;
/** GET /api/chats counts unread messages up to this many (the web shows "99+"). */
export const UNREAD_COUNT_CAP = 99;
/** The most a reconnect catch-up returns; beyond it the client reloads the conversation. */
export const CATCH_UP_LIMIT = 200;
/** The socket.io path, through the gateway and on the chat service alike. */
export const CHAT_SOCKET_PATH = '/ws';

export const MESSAGE_BLANK = 'Message cannot be empty.';
export const MESSAGE_TOO_LONG = `Message must be at most ${LIMITS.message} characters.`;
export const MESSAGE_RATE_LIMITED = 'You are sending messages too quickly. Please wait a moment and try again.';
export const CHAT_SELF = 'You cannot message yourself.';
export const CHAT_OTHER_COLLEGE = 'You can only message students of your own college.';
export const CHAT_BLOCKED = 'This user is not accepting messages from you.';
export const CHAT_YOU_BLOCKED = 'You blocked this user. Unblock them to send a message.';
export const CHAT_USER_NOT_FOUND = 'User not found.';

/** Display fields of a chat partner or message sender, from chat's user directory copy. */
export const chatPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileColor: z.string(),
  profileImageUrl: z.string().nullable(),
  /** The account was deleted: its messages stay readable as "Deleted user"; nobody can write to it. */
  deleted: z.boolean().optional(),
});
export type ChatPerson = z.infer<typeof chatPersonSchema>;

/**
 * A stored message (spec section 3, Chat message). `isRead`: the receiver has read it (derived from
 * the receiver's read mark in the conversation). `clientId` is the sender's own id for it, echoed
 * so a tab can match the ack and the broadcast of one send.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
  clientId: z.string().nullable(),
  sender: z.object({ firstName: z.string(), lastName: z.string() }),
  /** A group chat's message: the group's id (its `receiverId` and `chatId` too). Absent or null: one-to-one. */
  groupId: z.string().nullable().optional(),
  /** In a group: how many members other than the sender have read it ("Seen by 3"). */
  seenBy: z.number().int().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * A conversation as GET /api/chats lists it, newest activity first. The last message's fields
 * also sit at the top level (senderId, receiverId, content, createdAt: spec section 7).
 */
export const chatSummarySchema = z.object({
  id: z.string(),
  participantId: z.string(),
  participant: chatPersonSchema,
  lastMessage: chatMessageSchema.nullable(),
  /** The last message's time, else the conversation's start. */
  lastActivityAt: z.string(),
  unreadCount: z.number().int(),
  senderId: z.string().nullable(),
  receiverId: z.string().nullable(),
  content: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

const userIdField = (name: string) => z.string({ error: `${name} is required.` }).trim().min(1, `${name} is required.`).max(100);

/** POST /api/chats {participantId} → the conversation (its `id`). */
export const createChatBodySchema = z.object({ participantId: userIdField('participantId') });
export type CreateChatBody = z.input<typeof createChatBodySchema>;

/** The text of a message: trimmed, not blank (nor only invisible characters), at most LIMITS.message characters. */
export const messageContentSchema = requiredText('Message', LIMITS.message, MESSAGE_BLANK);

/**
 * POST /api/messages {receiverId, content}, and the socket's `message:send`. `clientId`, when
 * given, makes a resend of the same message (after a lost ack) return the stored one: no duplicate.
 */
export const sendMessageBodySchema = z.object({
  receiverId: userIdField('receiverId'),
  content: messageContentSchema,
  clientId: z.string().trim().min(1).max(64).optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/** GET /api/messages?userId=&cursor=&limit= → ChatMessage[] newest first; next page's cursor in X-Next-Cursor. */
export const listMessagesQuerySchema = z.object({
  userId: userIdField('userId'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a positive whole number.' })
    .int('limit must be a positive whole number.')
    .positive('limit must be a positive whole number.')
    .optional()
    .transform((value) => Math.min(value ?? MESSAGES_PAGE_SIZE.default, MESSAGES_PAGE_SIZE.max)),
});
export type ListMessagesQuery = z.input<typeof listMessagesQuerySchema>;

/** POST /api/messages/read {userId}, and the socket's `messages:read`: everything `userId` sent me so far is read. */
export const markReadBodySchema = z.object({ userId: userIdField('userId') });

/** Reconnect catch-up: what `userId` and I said after message `afterId` (the newest one I have). */
export const catchUpRequestSchema = z.object({
  userId: userIdField('userId'),
  afterId: z.string().min(1).max(100),
});

export const typingSchema = z.object({ receiverId: userIdField('receiverId'), isTyping: z.boolean() });
export const presenceQuerySchema = z.object({ userIds: z.array(z.string().min(1).max(100)).max(500) });

/** Online now, or when last seen (null: never seen online, or not known). */
export interface Presence {
  userId: string;
  isOnline: boolean;
  lastSeen: string | null;
}

/** A read receipt: `readerId` has read every message up to and including `upToId` in `chatId`. */
export const readReceiptSchema = z.object({
  chatId: z.string(),
  readerId: z.string(),
  upToId: z.string(),
  readAt: z.string(),
  /** In a group: the reader's mark before this one (null: none), so a client counts "seen by" once per reader. */
  previousUpToId: z.string().nullable().optional(),
});
export type ReadReceipt = z.infer<typeof readReceiptSchema>;

/** POST /api/messages/read: the receipt, or null when there was nothing unread. */
export const markReadResponseSchema = z.object({ receipt: readReceiptSchema.nullable() });

export interface TypingNotice {
  chatId: string;
  userId: string;
  isTyping: boolean;
}

/** An ack's refusal: the HTTP status the same request would get over REST, and its message. */
export interface AckError {
  ok: false;
  status: number;
  message: string;
}
export type Ack<T> = ({ ok: true } & T) | AckError;

/** The socket event names, in one place. */
export const CHAT_EVENTS = {
  send: 'message:send',
  message: 'message:new',
  read: 'messages:read',
  receipt: 'messages:read-receipt',
  catchUp: 'messages:since',
  typing: 'typing',
  presence: 'presence',
  presenceQuery: 'presence:query',
} as const;

/** What the server emits to a client. */
export interface ChatServerToClientEvents {
  /** A group of mine changed (created, renamed, members added or removed, I left or was removed): reload it. */
  'groups:changed': (notice: { groupId: string }) => void;
  /** A message to or from me: to every tab of the receiver and the sender's other tabs. */
  'message:new': (message: ChatMessage) => void;
  /** My partner read my messages (or I did, in another tab). */
  'messages:read-receipt': (receipt: ReadReceipt) => void;
  'typing': (notice: TypingNotice) => void;
  /** A watched user came online or went offline. */
  'presence': (presence: Presence) => void;
  /** A notification stored for me (the notifications service's, relayed over this one socket). */
  'notification:new': (push: NotificationPush) => void;
  /** My notifications were marked read (in this tab or another): the bell's count now. */
  'notifications:read': (push: NotificationsReadPush) => void;
}

/** What a client emits; every request with a reply takes an ack callback. */
export interface ChatClientToServerEvents {
  /** Stores, then acks with the stored message; delivery follows to the other tabs. */
  'message:send': (body: SendMessageBody | SendGroupMessageBody, ack: (result: Ack<{ message: ChatMessage }>) => void) => void;
  'messages:read': (body: { userId: string } | { groupId: string }, ack?: (result: Ack<{ receipt: ReadReceipt | null }>) => void) => void;
  /**
   * Oldest first; `complete` is false when more than CATCH_UP_LIMIT were missed (reload the page
   * instead). Also brings messages up to a minute older than `afterId` (one stored late sorts before
   * it): keep each message once by id.
   */
  'messages:since': (
    body: { userId: string; afterId: string } | { groupId: string; afterId: string },
    ack: (result: Ack<{ messages: ChatMessage[]; complete: boolean }>) => void,
  ) => void;
  'typing': (body: { receiverId: string; isTyping: boolean } | { groupId: string; isTyping: boolean }) => void;
  /** Presence of these users now, and `presence` events for them from then on. */
  'presence:query': (body: { userIds: string[] }, ack: (result: Ack<{ presence: Presence[] }>) => void) => void;
}

/** The handshake: the signed token, never a user id the client claims. */
export interface ChatHandshakeAuth {
  token: string;
}

/*
 * Group chats (issue 23): a name, 3–50 members of one college (GROUP_LIMITS), an owner and admins.
 * Messages, receipts, typing and catch-up go through the same socket events and send path as
 * one-to-one messages, with `groupId` where those name the other user.
 */

/** A group's id (also its conversation id) starts so; a pair's conversation id is `<a>:<b>`. */
export const GROUP_ID_PREFIX = 'grp_';
export const isGroupChatId = (chatId: string) => chatId.startsWith(GROUP_ID_PREFIX);

/** The web address that opens a conversation on the Messages screen, which reads `?userId=` and `?groupId=`. */
export const conversationPath = (to: { userId: string } | { groupId: string }) =>
  'groupId' in to ? `/messages?groupId=${encodeURIComponent(to.groupId)}` : `/messages?userId=${encodeURIComponent(to.userId)}`;

export const GROUP_NAME_REQUIRED = 'Group name is required.';
export const GROUP_NAME_TOO_LONG = `Group name must be at most ${GROUP_LIMITS.name} characters.`;
export const GROUP_TOO_SMALL = `A group needs at least ${GROUP_LIMITS.minMembers} members: you and ${GROUP_LIMITS.minMembers - 1} friends.`;
export const GROUP_TOO_LARGE = `A group can have at most ${GROUP_LIMITS.maxMembers} members.`;
export const GROUP_NOT_FOUND = 'Group not found.';
export const GROUP_NOT_MEMBER = 'You are not a member of this group.';
export const GROUP_NOT_FRIEND = 'You can only add your friends to a group.';
export const GROUP_OTHER_COLLEGE = 'You can only add students of your own college.';
export const GROUP_ALREADY_MEMBER = 'Already a member of this group.';
export const GROUP_ADMINS_ONLY = 'Only the group owner or an admin can do that.';
export const GROUP_OWNER_ONLY = 'Only the group owner can do that.';
export const GROUP_REMOVE_ADMIN = 'Only the group owner can remove an admin.';
export const GROUP_REMOVE_OWNER = 'The owner cannot be removed. The owner can leave instead.';
export const GROUP_NOT_A_MEMBER = 'That student is not a member of this group.';
/** A group photo's largest side after re-encoding, like a profile photo. */
export const GROUP_PHOTO_MAX_PX = 512;
/** The multipart field of POST /api/groups/:id/photo. */
export const GROUP_PHOTO_FIELD = 'photo';
export const GROUP_PHOTO_REQUIRED = 'Choose an image for the group photo.';
/** A block between someone added and someone already in (or added with them): no direction revealed. */
export const groupBlockedMessage = (name: string) => `${name || 'This student'} cannot be added to this group.`;

const groupIdField = z.string({ error: 'groupId is required.' }).trim().min(1, 'groupId is required.').max(100);
const memberIdsField = z
  .array(z.string().trim().min(1).max(100), { error: 'memberIds must be a list of user ids.' })
  .max(GROUP_LIMITS.maxMembers, GROUP_TOO_LARGE)
  .transform((ids) => [...new Set(ids)]);

export const groupNameSchema = requiredText('Group name', GROUP_LIMITS.name, GROUP_NAME_REQUIRED);

/** POST /api/groups {name, memberIds}: the caller and their friends `memberIds` (at least 2 of them). */
export const createGroupBodySchema = z.object({ name: groupNameSchema, memberIds: memberIdsField.prefault([]) });
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;
/** PUT /api/groups/:id {name}. */
export const renameGroupBodySchema = z.object({ name: groupNameSchema });
/** POST /api/groups/:id/members {memberIds}. */
export const addGroupMembersBodySchema = z.object({ memberIds: memberIdsField.refine((ids) => ids.length > 0, 'Choose at least one friend to add.') });
/** POST /api/groups/:id/owner {userId} (hand over), POST /api/groups/:id/admins {userId}. */
export const groupMemberBodySchema = z.object({ userId: userIdField('userId') });

/** POST /api/groups/:id/messages, and the socket's `message:send` with `groupId`. */
export const sendGroupMessageBodySchema = z.object({
  groupId: groupIdField,
  content: messageContentSchema,
  clientId: z.string().trim().min(1).max(64).optional(),
});
export type SendGroupMessageBody = z.input<typeof sendGroupMessageBodySchema>;
/** GET /api/groups/:id/messages?cursor=&limit=. */
export const listGroupMessagesQuerySchema = listMessagesQuerySchema.omit({ userId: true });
export const groupReadBodySchema = z.object({ groupId: groupIdField });
export const groupCatchUpRequestSchema = z.object({ groupId: groupIdField, afterId: z.string().min(1).max(100) });
export const groupTypingSchema = z.object({ groupId: groupIdField, isTyping: z.boolean() });

export const groupMemberSchema = chatPersonSchema.extend({ role: z.enum(['owner', 'admin', 'member']) });
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** A group as GET /api/groups lists it (newest activity first) and the group routes answer it. */
export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The group's photo under `/media/…`, or null: the web then shows the group's initials. */
  photoUrl: z.string().nullable(),
  ownerId: z.string(),
  members: z.array(groupMemberSchema),
  /** Members the caller blocks or who block the caller: their messages show collapsed. */
  blockedMemberIds: z.array(z.string()),
  lastMessage: chatMessageSchema.nullable(),
  lastActivityAt: z.string(),
  unreadCount: z.number().int(),
  createdAt: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;
