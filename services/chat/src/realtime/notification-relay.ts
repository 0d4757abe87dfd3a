import type { ChatMessage, NotificationPush, NotificationsReadPush } from '@quad/contracts';
import { type ServiceRuntime, startConsumers } from '@quad/common';
import type { Config } from '../config';
import type { PresenceTracker } from './presence';

/**
 * Chat's part in notifications (issue 23). The notifications service owns them; chat holds the one
 * socket each tab has, so it (1) tells notifications of a message stored while its receiver had no
 * tab open, and (2) relays each stored notification and each "read" to the user's tabs.
 */

/** A receiver away for a while gets at most one `chat.message.missed` per conversation this often. */
const MISSED_THROTTLE_SECONDS = 60;
/** A relayed push older than this is not worth showing (a consumer catching up after an outage). */
const RELAY_MAX_AGE_MS = 2 * 60 * 1000;

export interface MissedMessages {
  /** Publishes `chat.message.missed` when the receiver has no tab connected; never throws. */
  noticeIfAway(message: ChatMessage): void;
}

export function createMissedMessages(runtime: ServiceRuntime<Config>, presence: PresenceTracker): MissedMessages {
  async function notice(message: ChatMessage): Promise<void> {
    const [status] = await presence.query([message.receiverId]);
    if (status?.isOnline) return;
    // One event per conversation a minute at most, not one per message: notifications keeps one
    // notification per conversation anyway, and a burst of messages to someone away costs nothing.
    const throttle = `chat:${runtime.namespace}:missed:${message.receiverId}:${message.chatId}`;
    if ((await runtime.redis.set(throttle, '1', 'EX', MISSED_THROTTLE_SECONDS, 'NX')) !== 'OK') return;
    await runtime.outbox.commit(
      [
        {
          subject: 'chat.message.missed',
          data: { messageId: message.id, chatId: message.chatId, senderId: message.senderId, receiverId: message.receiverId },
          eventId: `chat.message.missed:${message.id}`,
          guard: null,
        },
      ],
      async () => undefined,
    );
  }
  return {
    noticeIfAway(message) {
      notice(message).catch((err: unknown) => runtime.logger.warn({ err: (err as Error).message }, 'missed-message notice not sent'));
    },
  };
}

/**
 * Relays notifications to `user:<id>` rooms. Its own durable starts at the newest event (an old
 * notification is in the bell's list already; nobody needs it pushed), and every replica shares it:
 * the redis adapter carries the emit to the replica that holds the tab.
 */
export async function startNotificationRelay(
  runtime: ServiceRuntime<Config>,
  emit: {
    created(userId: string, push: NotificationPush): void;
    read(userId: string, push: NotificationsReadPush): void;
  },
): Promise<void> {
  const fresh = (occurredAt: string) => Date.now() - Date.parse(occurredAt) < RELAY_MAX_AGE_MS;
  runtime.consumers.push(
    await startConsumers({
      ...runtime,
      config: { EVENTS_REPLAY: 'new' },
      durable: `${runtime.consumerPrefix}-notification-relay`,
      handlers: {
        'notifications.notification.created': async ({ data, occurredAt }) => {
          if (fresh(occurredAt)) emit.created(data.userId, { notification: data.notification, unread: data.unread });
        },
        'notifications.notification.read': async ({ data, occurredAt }) => {
          if (fresh(occurredAt)) emit.read(data.userId, { ids: data.ids, unread: data.unread });
        },
      },
    }),
  );
}
