import mongoose, { type Connection, type Model } from 'mongoose';
import { THEME_PREFERENCES, type ThemePreference } from '@quad/contracts';

/**
 * One account's preferences, keyed by the user's id. Kept apart from the user document: nothing
 * other services hold depends on it, so a change needs no version bump and no event.
 */
export interface SettingsRecord {
  _id: string;
  theme: ThemePreference;
}

const settingsSchema = new mongoose.Schema<SettingsRecord>(
  {
    _id: { type: String, required: true },
    theme: { type: String, enum: THEME_PREFERENCES, default: 'system' },
  },
  { versionKey: false, collection: 'settings' },
);

export type SettingsModel = Model<SettingsRecord>;

export function settingsModel(db: Connection): SettingsModel {
  return (db.models.Settings as SettingsModel) ?? db.model<SettingsRecord>('Settings', settingsSchema);
}
