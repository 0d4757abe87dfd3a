import {
  type ServiceContextTools,
  blocksMadeBy,
  createMediaStore,
  createRateLimiter,
  defineServiceContext,
} from '@quad/common';
import type { Config } from '../config';
import { chatModels } from '../models';
import { chatsOf, friendshipsOf, groupsOf, listsOfMessage, messageReportsBy, readMarksIn } from './lists';

/**
 * What chat's domain code works with (common's service context): a repository per collection, the
 * cached user directory, Redis for the rate limit and message keys, and the settings. Never req/res.
 * Shared by the HTTP routes, the socket server and the event consumers.
 */
export const chatContext = defineServiceContext(
  chatModels,
  (models, { repository, runtime }: ServiceContextTools<Config>) => ({
    chats: repository(models.Chat, 'chats', (chat) => chat.participantIds.map(chatsOf)),
    messages: repository(models.Message, 'messages', listsOfMessage),
    readMarks: repository(models.ReadMark, 'read-marks', (mark) => [readMarksIn(mark.chatId)]),
    blocks: repository(models.Block, 'blocks', (block) => [blocksMadeBy(block.blockerId)]),
    groups: repository(models.Group, 'groups', (group) => group.memberIds.map(groupsOf)),
    friendships: repository(models.Friendship, 'friendships', (friendship) =>
      friendship.userIds.map(friendshipsOf),
    ),
    /** Who reported which message (one report per reporter and message); the report itself is moderation's. */
    messageReports: repository(models.MessageReport, 'message-reports', (report) => [
      messageReportsBy(report.reporterId),
    ]),
    /** Group photos in object storage (the shared upload code: sniffed, re-encoded). */
    media: createMediaStore(runtime.config),
    /** Conversations this process has seen stored (they are never deleted): ensure-chat.ts. */
    knownChats: new Set<string>(),
    /** The per-sender message limit, shared by REST and the socket (common's rate limiter: README, Rate limits). */
    messageLimiter: createRateLimiter({
      redis: runtime.redis,
      name: `chat-messages:${runtime.namespace}`,
      windowMs: runtime.config.MESSAGE_RATE_WINDOW_SECONDS * 1000,
      limit: runtime.config.MESSAGE_RATE_LIMIT,
    }),
  }),
);
export type ChatContext = ReturnType<typeof chatContext>;
