import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';
import type { AppealStatus } from '@quad/contracts';

/** One appeal per ban: its _id is the ban's id (`<userId>:<banVersion>`), so a second is a duplicate key. */
export interface AppealDoc {
  _id: string;
  /** Bumped by every write (the repository's cache version). */
  version: number;
  userId: string;
  message: string;
  status: AppealStatus;
  response: string | null;
  decidedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

export const appealModel = defineModel<AppealDoc>({
  name: 'Appeal',
  collection: 'appeals',
  fields: {
    _id: required(String),
    version: versionField(),
    userId: required(String),
    message: required(String),
    status: withDefault(String, 'pending', { enum: ['pending', 'accepted', 'declined'] }),
    response: nullable(String),
    decidedBy: nullable(String),
    createdAt: required(Date),
    decidedAt: nullable(Date),
  },
  indexes: [{ status: 1, createdAt: -1 }],
});

export type AppealModel = Model<AppealDoc>;
