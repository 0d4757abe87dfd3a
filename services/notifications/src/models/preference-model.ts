import { defineModel, required, withDefault } from '@quad/common';
import mongoose, { type Model } from 'mongoose';
import type { NotificationChannels, NotificationKind } from '@quad/contracts';

/** A user's choices per kind; kinds never chosen keep the defaults (defaultNotificationPreferences). */
export interface PreferenceDoc {
  _id: string;
  kinds: Partial<Record<NotificationKind, NotificationChannels>>;
}

export const preferenceModel = defineModel<PreferenceDoc>({
  name: 'Preference',
  collection: 'preferences',
  minimize: false,
  fields: {
    _id: required(String),
    kinds: withDefault(mongoose.Schema.Types.Mixed, {}),
  },
});

export type PreferenceModel = Model<PreferenceDoc>;
