import { createdNow, defineModel, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * One document per block, under `<blockerId>><blockedId>`: blocking is one-way (each of two
 * students may block the other), and "did A block B" is an `_id` read. Unblocking sets `live` false
 * (deleted ids stay deleted in the shared document cache), and blocking again sets it back.
 */
export interface BlockDoc {
  _id: string;
  blockerId: string;
  blockedId: string;
  live: boolean;
  createdAt: Date;
  version: number;
}

export const blockModel = defineModel<BlockDoc>({
  name: 'Block',
  collection: 'blocks',
  fields: {
    _id: required(String),
    blockerId: required(String),
    blockedId: required(String),
    live: withDefault(Boolean, true),
    createdAt: createdNow(),
    version: versionField(),
  },
  indexes: [{ blockerId: 1 }, { blockedId: 1 }],
});

export type BlockModel = Model<BlockDoc>;
