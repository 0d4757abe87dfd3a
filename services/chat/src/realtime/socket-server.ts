import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import {
  type Ack,
  type AckError,
  CHAT_SOCKET_PATH,
  type ChatClientToServerEvents,
  type ChatMessage,
  type ChatServerToClientEvents,
  type NotificationPush,
  type NotificationsReadPush,
  type ReadReceipt,
  catchUpRequestSchema,
  groupCatchUpRequestSchema,
  groupReadBodySchema,
  groupTypingSchema,
  isGroupChatId,
  markReadBodySchema,
  presenceQuerySchema,
  typingSchema,
} from '@quad/contracts';
import { HttpError, type Logger, type Redis, type ServiceRuntime, authenticateToken, createLinger, parse } from '@quad/common';
import type { Config } from '../config';
import { chatIdOf } from '../models/chat-model';
import { type ChatContext, chatContext } from '../domain/context';
import { memberGroup } from '../domain/group-access';
import { type GroupChange, groupIdsOf } from '../domain/groups';
import { groupMessagesSince, markGroupRead, markRead, messagesSince, sendMessage } from '../domain/messages';
import { type Caller, assertMayMessage, assertMember, blockedEitherWay } from '../domain/people';
import { type MissedMessages, createMissedMessages } from './notification-relay';
import { type PresenceTracker, createPresenceTracker } from './presence';

/*
 * The socket.io side of chat at `/ws` (websocket transport only). A socket is one browser tab:
 * authenticated once by the signed token in its handshake `auth` (never a user id it claims),
 * then joined to its user's room, so anything for a user reaches every tab of theirs on every
 * replica through the redis adapter. Rooms: `user:<id>` (a user's tabs), `watch:<id>` (tabs
 * that asked for <id>'s presence), `group:<id>` (the tabs of a group's members: one broadcast per
 * group message, whatever the number of members, carried to every replica by the adapter).
 */

interface SocketData {
  caller: Caller;
  /** The groups the user was in when the socket connected (joined as rooms on connection). */
  groupIds: string[];
  /** Sends of one tab are handled one after another, so they are stored and delivered in order. */
  sends: Promise<void>;
}

type ChatServer = Server<ChatClientToServerEvents, ChatServerToClientEvents, Record<string, never>, SocketData>;
type ChatSocket = Socket<ChatClientToServerEvents, ChatServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (userId: string) => `user:${userId}`;
const watchRoom = (userId: string) => `watch:${userId}`;
export const groupRoom = (groupId: string) => `group:${groupId}`;
const isGroupBody = (body: unknown) => typeof body === 'object' && body !== null && 'groupId' in body && !('userId' in body);

/** What the REST routes and the event consumers use to reach connected tabs. */
export interface Realtime {
  io: ChatServer;
  presence: PresenceTracker;
  /** Starts serving sockets on the service's HTTP server. */
  attach(server: HttpServer): void;
  /** A stored message to every tab of its receiver and of its sender (of every member of its group), except the tab that sent it. */
  deliver(message: ChatMessage, exceptSocketId?: string): void;
  /** A read receipt to the sender's tabs and the reader's other tabs (to the group's members). */
  receipt(receipt: ReadReceipt, partnerId: string): void;
  /** A group's membership or name changed: joiners' tabs join its room, leavers' leave it, and all of them hear `groups:changed`. */
  groupChanged(change: GroupChange): void;
  /** A notification (or a "read") to every tab of its user (notification-relay.ts). */
  notify(userId: string, push: { notification: NotificationPush } | { read: NotificationsReadPush }): void;
  /** Disconnects every tab of a user, on every replica (a ban). */
  disconnectUser(userId: string): void;
  /** A block between two users: neither's tabs hear the other's presence any more, and each shows the other offline. */
  separate(blockerId: string, blockedId: string): void;
  /** Disconnects this replica's sockets and withdraws its presence (graceful stop). */
  close(): Promise<void>;
}

function errorAck(err: unknown, ctx: ChatContext): AckError {
  if (err instanceof HttpError) return { ok: false, status: err.status, message: err.message };
  ctx.logger.error({ err }, 'socket request failed');
  return { ok: false, status: 500, message: 'Something went wrong. Please try again.' };
}

/** Calls a socket request's handler and answers its ack with the result or a refusal; never throws. */
function answer<T extends object>(ctx: ChatContext, ack: unknown, work: () => Promise<T>): Promise<void> {
  const reply = typeof ack === 'function' ? (ack as (result: Ack<T>) => void) : () => undefined;
  return work().then(
    (result) => reply({ ok: true, ...result }),
    (err: unknown) => reply(errorAck(err, ctx)),
  );
}

export function createRealtime(runtime: ServiceRuntime<Config>): Realtime {
  const ctx = chatContext(runtime);
  const io: ChatServer = new Server({
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Browsers come through the gateway on the page's own origin.
    cors: { origin: false },
  });
  // Broadcasts are published on the service's own auto-pipelined connection, the one the
  // repositories write on: a message's broadcast leaves in the same write as its list writes, after
  // them, so Redis has stored them before another replica hears of it (one write and one round trip per
  // message, not two). The subscriber has a connection of its own and cannot pipeline.
  const pub = publishFailuresLogged(runtime.redis, runtime.logger);
  const sub = runtime.redis.duplicate({ enableAutoPipelining: false });
  sub.on('error', (err) => runtime.logger.warn({ err: err.message }, 'socket adapter redis error'));
  // The key keeps deployments (and test files) sharing one Redis apart.
  io.adapter(createAdapter(pub, sub, { key: `socket.io:${runtime.namespace}` }));
  runtime.metrics.gaugeFrom('chat_sockets_connected', 'Socket.io connections open on this replica', () => io.of('/').sockets.size);

  const presence = createPresenceTracker({
    redis: runtime.redis,
    logger: runtime.logger,
    namespace: runtime.namespace,
    ttlSeconds: runtime.config.PRESENCE_TTL_SECONDS,
    announce: (status) => io.to(watchRoom(status.userId)).emit('presence', status),
  });

  io.use(async (socket, next) => {
    try {
      // The same check as every HTTP call's (common's authenticateToken): signature, deny-list,
      // deleted account, an admin's removal, the ban.
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const auth =
        typeof token === 'string' ? await authenticateToken(token, { publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis }) : null;
      if (!auth) return next(Object.assign(new Error('Not authenticated'), { data: { status: 401 } }));
      const caller: Caller = { userId: auth.userId, isAdmin: auth.isAdmin, collegeId: auth.collegeId };
      await assertMember(ctx, caller);
      socket.data.caller = caller;
      socket.data.groupIds = await groupIdsOf(ctx, caller.userId);
      socket.data.sends = Promise.resolve();
      next();
    } catch (err) {
      // A refusal says what an HTTP call's would: its status, message and details (a ban's reason and end).
      const data = err instanceof HttpError ? { status: err.status, ...err.extra } : { status: 500 };
      next(Object.assign(new Error(err instanceof HttpError ? err.message : 'Connection refused'), { data }));
    }
  });

  const missed: MissedMessages = createMissedMessages(runtime, presence);

  const realtime: Realtime = {
    io,
    presence,
    attach(server) {
      io.attach(server);
    },
    deliver(message, exceptSocketId) {
      const target = io.to(message.groupId ? [groupRoom(message.groupId)] : [userRoom(message.receiverId), userRoom(message.senderId)]);
      (exceptSocketId ? target.except(exceptSocketId) : target).emit('message:new', message);
      // A one-to-one message to someone away becomes a notification (one per conversation); a
      // group's messages do not (its members see its unread count).
      if (!message.groupId) missed.noticeIfAway(message);
    },
    receipt(receipt, partnerId) {
      const rooms = isGroupChatId(receipt.chatId) ? [groupRoom(receipt.chatId)] : [userRoom(partnerId), userRoom(receipt.readerId)];
      io.to(rooms).emit('messages:read-receipt', receipt);
    },
    groupChanged({ group, joined, left }) {
      const room = groupRoom(group._id);
      for (const userId of joined) io.in(userRoom(userId)).socketsJoin(room);
      for (const userId of left) io.in(userRoom(userId)).socketsLeave(room);
      io.to([...group.memberIds, ...left].map(userRoom)).emit('groups:changed', { groupId: group._id });
    },
    notify(userId, push) {
      if ('notification' in push) io.to(userRoom(userId)).emit('notification:new', push.notification);
      else io.to(userRoom(userId)).emit('notifications:read', push.read);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    separate(blockerId, blockedId) {
      for (const [userId, otherId] of [[blockerId, blockedId], [blockedId, blockerId]] as const) {
        io.in(userRoom(userId)).socketsLeave(watchRoom(otherId));
        io.to(userRoom(userId)).emit('presence', { userId: otherId, isOnline: false, lastSeen: null });
      }
    },
    async close() {
      // The connections are closed, not the sockets disconnected: a client whose connection drops
      // ("transport close") reconnects by itself, through the gateway, to another replica; one the
      // server disconnects ("io server disconnect", as for a ban) stays disconnected until the page
      // reconnects it, so a replica scaled away or rolled would leave its students offline.
      for (const socket of io.sockets.sockets.values()) socket.conn.close();
      await presence.stop();
      // Broadcasts already made (a last presence announcement) are still queued for this tick's
      // pipeline on the service's connection (closed with the runtime): let them go out, then QUIT
      // the subscriber.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([sub.quit()]);
    },
  };

  // Sends that come steadily go on together (config.ts): chat's CPU per message at low load, bench/README.md.
  const sendLinger = createLinger(runtime.config.SEND_LINGER_MS);
  io.on('connection', (socket: ChatSocket) => {
    const { caller } = socket.data;
    void socket.join([userRoom(caller.userId), ...socket.data.groupIds.map(groupRoom)]);
    presence.connected(caller.userId).catch((err: unknown) => ctx.logger.warn({ err }, 'presence: connect not recorded'));

    socket.on('message:send', (body, ack) => {
      socket.data.sends = socket.data.sends.then(() =>
        answer(ctx, ack, async () => {
          await sendLinger();
          // A subscription may lapse while the socket stays open: checked per send, from memory.
          await assertMember(ctx, caller, { writes: true });
          // Stored before acknowledged; the other tabs hear of it as its list writes go out (a
          // resend delivers nothing new, unless the first send died between storing and delivering it).
          const { message } = await sendMessage(ctx, caller, body, { onStored: (stored) => realtime.deliver(stored, socket.id) });
          return { message };
        }),
      );
    });

    socket.on('messages:read', (body, ack) => {
      void answer(ctx, ack, async () => {
        if (isGroupBody(body)) {
          const { groupId } = parse(groupReadBodySchema, body);
          const receipt = await markGroupRead(ctx, caller, groupId);
          if (receipt) realtime.receipt(receipt, groupId);
          return { receipt };
        }
        const { userId } = parse(markReadBodySchema, body);
        const receipt = await markRead(ctx, caller, userId);
        if (receipt) realtime.receipt(receipt, userId);
        return { receipt };
      });
    });

    socket.on('messages:since', (body, ack) => {
      void answer(ctx, ack, async () => {
        if (isGroupBody(body)) {
          const { groupId, afterId } = parse(groupCatchUpRequestSchema, body);
          return groupMessagesSince(ctx, caller, groupId, afterId);
        }
        const { userId, afterId } = parse(catchUpRequestSchema, body);
        return messagesSince(ctx, caller, userId, afterId);
      });
    });

    socket.on('typing', (body) => {
      void (async () => {
        if (typeof body === 'object' && body !== null && 'groupId' in body) {
          // To the group's other members' tabs (a member who blocked the typist hides it).
          const { groupId, isTyping } = parse(groupTypingSchema, body);
          await assertMember(ctx, caller);
          await memberGroup(ctx, caller, groupId);
          socket.to(groupRoom(groupId)).emit('typing', { chatId: groupId, userId: caller.userId, isTyping });
          return;
        }
        const { receiverId, isTyping } = parse(typingSchema, body);
        // Only to someone the caller may write to: a member of their college (or an admin), neither
        // blocking the other, while the caller's subscription lasts. Anything else is dropped.
        await assertMember(ctx, caller);
        await assertMayMessage(ctx, caller, receiverId);
        io.to(userRoom(receiverId)).emit('typing', { chatId: chatIdOf(caller.userId, receiverId), userId: caller.userId, isTyping });
      })().catch(() => undefined);
    });

    socket.on('presence:query', (body, ack) => {
      void answer(ctx, ack, async () => {
        const { userIds } = parse(presenceQuerySchema, body);
        const wanted = [...new Set(userIds)].filter((id) => id !== caller.userId);
        // Only people the caller could chat with: their college's students, or anyone for admins.
        const entries = await ctx.directory.getMany([caller.userId, ...wanted]);
        const me = entries.get(caller.userId);
        const sameCollege = wanted.filter((id) => {
          const other = entries.get(id);
          if (!other) return false;
          return caller.isAdmin || Boolean(me?.isAdmin) || other.isAdmin || (me?.collegeId != null && me.collegeId === other.collegeId);
        });
        // And never across a block, either way (a group may still hold both: its members panel shows no presence for them).
        const blocked = await blockedEitherWay(ctx, caller.userId, sameCollege);
        const visible = sameCollege.filter((id) => !blocked.has(id));
        await socket.join(visible.map(watchRoom));
        return { presence: await presence.query(visible) };
      });
    });

    socket.on('disconnect', () => {
      presence.disconnected(caller.userId).catch((err: unknown) => ctx.logger.warn({ err }, 'presence: disconnect not recorded'));
    });
  });

  return realtime;
}

/**
 * The adapter's publisher: the service's Redis client, except that a publish that fails (a command
 * timeout when Redis is slow) is logged and answers 0 receivers. The adapter publishes every
 * broadcast and room change without handling the promise, so such a failure was an unhandled
 * rejection, which stops the process: under load a chat replica shut itself down while creating
 * groups. A broadcast lost this way is what a replica that missed it would see: the clients catch up
 * on reconnect or on the next message.
 */
export function publishFailuresLogged(redis: Redis, logger: Logger): Redis {
  return new Proxy(redis, {
    get(target, property) {
      if (property === 'publish') {
        return (channel: string, message: string) =>
          target.publish(channel, message).catch((err: unknown) => {
            logger.warn({ err: (err as Error).message, channel }, 'socket adapter: a broadcast was not published');
            return 0;
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
