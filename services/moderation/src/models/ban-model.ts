import mongoose, { type Connection, type Model } from 'mongoose';

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

const banSchema = new mongoose.Schema<BanDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    active: { type: Boolean, required: true },
    banId: { type: String, required: true },
    reason: { type: String, required: true },
    bannedBy: { type: String, required: true },
    banUntil: { type: Date, required: true },
    createdAt: { type: Date, required: true },
    liftedAt: { type: Date, default: null },
    liftedBy: { type: String, default: null },
  },
  { versionKey: false, collection: 'bans' },
);
banSchema.index({ active: 1, banUntil: 1 });

export type BanModel = Model<BanDoc>;

export function banModel(db: Connection): BanModel {
  return (db.models.Ban as BanModel) ?? db.model<BanDoc>('Ban', banSchema);
}
