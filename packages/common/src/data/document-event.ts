import type { EventData, EventSubject } from '@quad/contracts';
import type { OutboxEvent } from './outbox';

/** What names one event of a document: its id alone (one event per document), or with the version the write gives it. */
export type EventKey = 'id' | 'version';

/**
 * The maker of one subject's event from a document, for the outbox (repositories take these as
 * their events): its data from `dataOf`, its id the subject and the document's id (`key: 'version'`
 * adds `:v<version>`, for subjects a document publishes once per write), so a retried publish of
 * the same write is stored once (Nats-Msg-Id) while a later write publishes anew.
 */
export function documentEvent<S extends EventSubject, D extends { _id: unknown; version: number }>(
  subject: S,
  dataOf: (doc: D) => EventData<S>,
  key: EventKey = 'id',
): (doc: D) => OutboxEvent {
  return (doc) => {
    const eventId =
      key === 'version' ? `${subject}:${String(doc._id)}:v${doc.version}` : `${subject}:${String(doc._id)}`;
    return { subject, data: dataOf(doc), eventId } as OutboxEvent;
  };
}
