import mongoose, { type Connection, type Model } from 'mongoose';
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

const appealSchema = new mongoose.Schema<AppealDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    userId: { type: String, required: true },
    message: { type: String, required: true },
    status: { type: String, enum: ['pending', 'accepted', 'declined'], default: 'pending' },
    response: { type: String, default: null },
    decidedBy: { type: String, default: null },
    createdAt: { type: Date, required: true },
    decidedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'appeals' },
);
appealSchema.index({ status: 1, createdAt: -1 });

export type AppealModel = Model<AppealDoc>;

export function appealModel(db: Connection): AppealModel {
  return (db.models.Appeal as AppealModel) ?? db.model<AppealDoc>('Appeal', appealSchema);
}
