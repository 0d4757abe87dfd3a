import { defineModel, nullable, required } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * A user's ban state, one document per user (_id = userId). `version` grows with every ban and
 * unban (it is the version of moderation.user.banned|unbanned), and `banId` (`<userId>:<version>`
 * of the ban) names the ban an appeal is about. Written with a version guard, so two admins
 * acting at once never lose a change.
 */
export interface BanDoc {
  _id: string;
  version: number;
  active: boolean;
  banId: string;
  reason: string;
  bannedBy: string;
  banUntil: Date;
  createdAt: Date;
  liftedAt: Date | null;
  liftedBy: string | null;
}

export const banModel = defineModel<BanDoc>({
  name: 'Ban',
  collection: 'bans',
  fields: {
    _id: required(String),
    version: required(Number),
    active: required(Boolean),
    banId: required(String),
    reason: required(String),
    bannedBy: required(String),
    banUntil: required(Date),
    createdAt: required(Date),
    liftedAt: nullable(Date),
    liftedBy: nullable(String),
  },
  indexes: [{ active: 1, banUntil: 1 }],
});

export type BanModel = Model<BanDoc>;
