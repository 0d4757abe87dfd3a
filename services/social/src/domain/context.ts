import {
  type Logger,
  type Redis,
  type Repository,
  type ServiceRuntime,
  type UserDirectory,
  createRepository,
  withDocumentLock,
  perRuntime,
} from '@quad/common';
import type { Config } from '../config';
import { type SocialModels, socialModels } from '../models';
import type { BlockDoc } from '../models/block-model';
import type { FriendRequestDoc } from '../models/friend-request-model';
import type { FriendshipDoc } from '../models/friendship-model';
import type { MemberDoc } from '../models/member-model';
import {
  blockedBy,
  blockersOf,
  friendsOf,
  incomingRequestsOf,
  listsOfMember,
  pairId,
  sentRequestsOf,
} from './lists';

/**
 * What social domain code works with: a repository per collection (each write mirrored into its
 * lists and cache in the same call), the cached user directory, and a lock per pair of students.
 * Never req/res.
 */
export interface SocialContext {
  models: SocialModels;
  friendships: Repository<FriendshipDoc>;
  requests: Repository<FriendRequestDoc>;
  blocks: Repository<BlockDoc>;
  members: Repository<MemberDoc>;
  directory: UserDirectory;
  logger: Logger;
  /**
   * Runs `work` while no other process changes how these two students stand (request, friendship,
   * block): every decision about a pair reads and writes under this lock, so crossing requests or
   * a block racing an accept cannot both win.
   */
  withPair<T>(a: string, b: string, work: () => Promise<T>): Promise<T>;
}

function pairLock(redis: Redis, namespace: string) {
  return <T>(a: string, b: string, work: () => Promise<T>) =>
    withDocumentLock(redis, `social:${namespace}:pair:${pairId(a, b)}`, work);
}

/** One context per runtime, shared by the HTTP routes and the event consumers. */
export const socialContext = perRuntime((runtime: ServiceRuntime<Config>): SocialContext => {
  const models = socialModels(runtime.db);
  return {
    models,
    friendships: createRepository<FriendshipDoc>(runtime, {
      model: models.Friendship,
      name: 'friendships',
      listsOf: (friendship) => friendship.userIds.map((userId) => friendsOf(userId)),
    }),
    requests: createRepository<FriendRequestDoc>(runtime, {
      model: models.FriendRequest,
      name: 'requests',
      listsOf: (request) => [incomingRequestsOf(request.receiverId), sentRequestsOf(request.senderId)],
    }),
    blocks: createRepository<BlockDoc>(runtime, {
      model: models.Block,
      name: 'blocks',
      listsOf: (block) => [blockedBy(block.blockerId), blockersOf(block.blockedId)],
    }),
    members: createRepository<MemberDoc>(runtime, {
      model: models.Member,
      name: 'members',
      listsOf: listsOfMember,
    }),
    directory: runtime.directory,
    logger: runtime.logger,
    withPair: pairLock(runtime.redis, runtime.namespace),
  };
});
