import { type ServiceRuntime, runAccountDeletion, runUserDirectory } from '@quad/common';
import type { Config } from './config';
import { applyBlock } from './domain/blocks';
import { chatContext } from './domain/context';
import type { Realtime } from './realtime/socket-server';

/**
 * What chat consumes: the shared user directory, social's blocks (kept in chat's own store), and
 * bans, on which every socket of the banned user is disconnected on every replica (the redis
 * adapter carries the disconnect to the replicas that hold them). Chat publishes no events.
 */
export async function startEventConsumers(runtime: ServiceRuntime<Config>, realtime: Realtime): Promise<void> {
  const ctx = chatContext(runtime);
  await runUserDirectory(runtime, {
    'social.block.created': ({ data, sequence }) => applyBlock(ctx, data, true, sequence),
    'social.block.removed': ({ data, sequence }) => applyBlock(ctx, data, false, sequence),
    'moderation.user.banned': async ({ subject, data }) => {
      // Still the directory's event: write it down as every service does, then cut the sockets.
      await runtime.directory.apply(subject, data);
      realtime.disconnectUser(data.userId);
    },
  });
  // A deleted account's messages stay in the other side's history, shown from the directory copy
  // as "Deleted user" (auth.user.updated); its open sockets are closed on every replica.
  await runAccountDeletion(runtime, async ({ userId }) => realtime.disconnectUser(userId));
}
