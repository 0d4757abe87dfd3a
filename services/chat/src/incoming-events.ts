import { type ServiceRuntime, runAccountDeletion, runUserDirectory } from '@quad/common';
import type { Config } from './config';
import { forgetChatUser } from './domain/account-export';
import { applyBlock } from './domain/blocks';
import { chatContext } from './domain/context';
import { applyFriendship } from './domain/friends';
import { isBlocking } from './domain/people';
import { startNotificationRelay } from './realtime/notification-relay';
import type { Realtime } from './realtime/socket-server';

/**
 * What chat consumes: the shared user directory, social's blocks and friendships (kept in chat's
 * own store: groups are made from friends, never across a block), and
 * bans, on which every socket of the banned user is disconnected on every replica (the redis
 * adapter carries the disconnect to the replicas that hold them), which also takes them out of
 * every group room; and notifications, relayed to the user's tabs (realtime/notification-relay.ts).
 * Chat publishes `chat.group.member.added` (domain/groups.ts, through the outbox) and
 * `chat.message.missed`.
 */
export async function startEventConsumers(runtime: ServiceRuntime<Config>, realtime: Realtime): Promise<void> {
  const ctx = chatContext(runtime);
  await runUserDirectory(runtime, {
    'social.block.created': async ({ data, sequence }) => {
      await applyBlock(ctx, data, true, sequence);
      // No presence across a block from now on (presence:query checks blocks; live updates stop here),
      // unless a later removal was applied first (an older event redelivered).
      if (await isBlocking(ctx, data.blockerId, data.blockedId)) realtime.separate(data.blockerId, data.blockedId);
    },
    'social.block.removed': ({ data, sequence }) => applyBlock(ctx, data, false, sequence),
    'social.friendship.created': ({ data, sequence }) => applyFriendship(ctx, data, true, sequence),
    'social.friendship.removed': ({ data, sequence }) => applyFriendship(ctx, data, false, sequence),
    'moderation.user.banned': async ({ subject, data }) => {
      // Still the directory's event: write it down as every service does, then cut the sockets.
      await runtime.directory.apply(subject, data);
      realtime.disconnectUser(data.userId);
    },
  });
  await startNotificationRelay(runtime, {
    created: (userId, push) => realtime.notify(userId, { notification: push }),
    read: (userId, push) => realtime.notify(userId, { read: push }),
  });
  // A deleted account's messages stay in the other side's history, shown from the directory copy
  // as "Deleted user" (auth.user.updated); its open sockets are closed on every replica.
  // The photos they set on groups and their report marks go (domain/account-export.ts).
  await runAccountDeletion(runtime, async ({ userId }) => {
    realtime.disconnectUser(userId);
    await forgetChatUser(ctx, userId);
  });
}
