import { defineModel, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * How far one user has read one conversation: one document per (conversation, reader), written
 * only through its repository (serialized across replicas by the document lock) and only forward.
 * A message is read when it is at or before its receiver's mark.
 */
export interface ReadMarkDoc {
  _id: string;
  chatId: string;
  readerId: string;
  /** The last message read: its list position (time in ms, id). */
  upToScore: number;
  upToId: string;
  readAt: Date;
  version: number;
}

export const readMarkModel = defineModel<ReadMarkDoc>({
  name: 'ReadMark',
  collection: 'read_marks',
  fields: {
    _id: required(String),
    chatId: required(String),
    readerId: required(String),
    upToScore: required(Number),
    upToId: required(String),
    readAt: required(Date),
    version: versionField(),
  },
});

export const readMarkIdOf = (chatId: string, readerId: string) => `${chatId}|${readerId}`;

export type ReadMarkModel = Model<ReadMarkDoc>;
