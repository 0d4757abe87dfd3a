import mongoose, { type Connection, type Model } from 'mongoose';
import type { NotificationChannels, NotificationKind } from '@quad/contracts';

/** A user's choices per kind; kinds never chosen keep the defaults (defaultNotificationPreferences). */
export interface PreferenceDoc {
  _id: string;
  kinds: Partial<Record<NotificationKind, NotificationChannels>>;
}

const preferenceSchema = new mongoose.Schema<PreferenceDoc>(
  {
    _id: { type: String, required: true },
    kinds: { type: mongoose.Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, collection: 'preferences', minimize: false },
);

export type PreferenceModel = Model<PreferenceDoc>;

export function preferenceModel(db: Connection): PreferenceModel {
  return (db.models.Preference as PreferenceModel) ?? db.model<PreferenceDoc>('Preference', preferenceSchema);
}
