import { createdNow, defineModel, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * A conversation between two users, one document per pair under the pair's id (`chatIdOf`), so
 * two replicas opening it at once store it once. Written once and never updated: its last message,
 * activity time and unread counts are derived from the message lists (domain/lists.ts), because
 * FerretDB loses concurrent updates of one document.
 */
export interface ChatDoc {
  _id: string;
  /** Both users, sorted. */
  participantIds: [string, string];
  createdAt: Date;
  version: number;
}

export const chatModel = defineModel<ChatDoc>({
  name: 'Chat',
  collection: 'chats',
  fields: {
    _id: required(String),
    participantIds: required([String]),
    createdAt: createdNow(),
    version: versionField(),
  },
  indexes: [{ participantIds: 1 }],
});

/** The one id of the conversation between `a` and `b`, whichever of them asks. */
export function chatIdOf(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export type ChatModel = Model<ChatDoc>;
