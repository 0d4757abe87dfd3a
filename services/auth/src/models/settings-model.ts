import { defineModel, required, withDefault } from '@quad/common';
import type { Model } from 'mongoose';
import { THEME_PREFERENCES, type ThemePreference } from '@quad/contracts';

/**
 * One account's preferences, keyed by the user's id. Kept apart from the user document: nothing
 * other services hold depends on it, so a change needs no version bump and no event.
 */
export interface SettingsRecord {
  _id: string;
  theme: ThemePreference;
}

export const settingsModel = defineModel<SettingsRecord>({
  name: 'Settings',
  collection: 'settings',
  fields: {
    _id: required(String),
    theme: withDefault(String, 'system', { enum: THEME_PREFERENCES }),
  },
});

export type SettingsModel = Model<SettingsRecord>;
