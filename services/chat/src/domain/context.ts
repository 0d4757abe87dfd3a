import {
  type Fact,
  type Logger,
  type MediaStore,
  type RateLimiter,
  type Redis,
  type Repository,
  type ServiceRuntime,
  type UserDirectory,
  blocksMadeBy,
  createMediaStore,
  createRateLimiter,
  createRepository,
  perRuntime,
} from '@quad/common';
import type { Config } from '../config';
import { type ChatModels, chatModels } from '../models';
import type { BlockDoc } from '@quad/common';
import type { ChatDoc } from '../models/chat-model';
import type { FriendshipDoc } from '../models/friendship-model';
import type { GroupDoc } from '../models/group-model';
import type { MessageDoc } from '../models/message-model';
import type { MessageReportDoc } from '../models/message-report-model';
import type { ReadMarkDoc } from '../models/read-mark-model';
import { chatsOf, friendshipsOf, groupsOf, listsOfMessage, messageReportsBy, readMarksIn } from './lists';

/**
 * What chat's domain code works with: a repository per collection (each write mirrored into its
 * lists and cache in the same call), the cached user directory, Redis for the rate limit and
 * message keys, and the settings. Never req/res.
 */
export interface ChatContext {
  models: ChatModels;
  chats: Repository<ChatDoc>;
  messages: Repository<MessageDoc>;
  readMarks: Repository<ReadMarkDoc>;
  blocks: Repository<BlockDoc & Fact>;
  groups: Repository<GroupDoc>;
  friendships: Repository<FriendshipDoc>;
  /** Who reported which message (one report per reporter and message); the report itself is moderation's. */
  messageReports: Repository<MessageReportDoc>;
  /** Group photos in object storage (the shared upload code: sniffed, re-encoded). */
  media: MediaStore;
  directory: UserDirectory;
  /** Conversations this process has seen stored (they are never deleted): ensure-chat.ts. */
  knownChats: Set<string>;
  /** The per-sender message limit, shared by REST and the socket (common's rate limiter: README, Rate limits). */
  messageLimiter: RateLimiter;
  redis: Redis;
  namespace: string;
  config: Config;
  logger: Logger;
}

/** One context per runtime, shared by the HTTP routes, the socket server and the event consumers. */
export const chatContext = perRuntime((runtime: ServiceRuntime<Config>): ChatContext => {
  const models = chatModels(runtime.db);
  return {
    models,
    chats: createRepository<ChatDoc>(runtime, {
      model: models.Chat,
      name: 'chats',
      listsOf: (chat) => chat.participantIds.map(chatsOf),
    }),
    messages: createRepository<MessageDoc>(runtime, { model: models.Message, name: 'messages', listsOf: listsOfMessage }),
    readMarks: createRepository<ReadMarkDoc>(runtime, {
      model: models.ReadMark,
      name: 'read-marks',
      listsOf: (mark) => [readMarksIn(mark.chatId)],
    }),
    blocks: createRepository<BlockDoc>(runtime, { model: models.Block, name: 'blocks', listsOf: (block) => [blocksMadeBy(block.blockerId)] }),
    groups: createRepository<GroupDoc>(runtime, { model: models.Group, name: 'groups', listsOf: (group) => group.memberIds.map(groupsOf) }),
    friendships: createRepository<FriendshipDoc>(runtime, {
      model: models.Friendship,
      name: 'friendships',
      listsOf: (friendship) => friendship.userIds.map(friendshipsOf),
    }),
    messageReports: createRepository<MessageReportDoc>(runtime, {
      model: models.MessageReport,
      name: 'message-reports',
      listsOf: (report) => [messageReportsBy(report.reporterId)],
    }),
    media: createMediaStore(runtime.config),
    directory: runtime.directory,
    knownChats: new Set<string>(),
    messageLimiter: createRateLimiter({
      redis: runtime.redis,
      name: `chat-messages:${runtime.namespace}`,
      windowMs: runtime.config.MESSAGE_RATE_WINDOW_SECONDS * 1000,
      limit: runtime.config.MESSAGE_RATE_LIMIT,
    }),
    redis: runtime.redis,
    namespace: runtime.namespace,
    config: runtime.config,
    logger: runtime.logger,
  };
});
