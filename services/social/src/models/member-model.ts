import { createdNow, defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * Which college each user belongs to, kept from auth's user events, so that search and
 * suggestions read a college's members from a list index instead of scanning the user directory
 * (the directory answers by id only). One writer: the event consumer, ordered by auth's version.
 */
export interface MemberDoc {
  /** The user's id. */
  _id: string;
  collegeId: string | null;
  isAdmin: boolean;
  /** auth's version of the user when this was last written; an older event changes nothing. */
  authVersion: number;
  createdAt: Date;
  version: number;
}

export const memberModel = defineModel<MemberDoc>({
  name: 'Member',
  collection: 'members',
  fields: {
    _id: required(String),
    collegeId: nullable(String),
    isAdmin: withDefault(Boolean, false),
    authVersion: required(Number),
    createdAt: createdNow(),
    version: versionField(),
  },
  indexes: [{ collegeId: 1 }],
});

export type MemberModel = Model<MemberDoc>;
