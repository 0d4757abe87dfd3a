import { z } from 'zod';
import { THEME_PREFERENCES } from './constants';

/** GET /api/settings: the signed-in account's own preferences (kept per account, not per device). */
export const settingsSchema = z.object({
  theme: z.enum(THEME_PREFERENCES),
});
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /api/settings: the preferences to change. */
export const updateSettingsBodySchema = z.object({
  theme: z.enum(THEME_PREFERENCES, { message: 'Please choose System, Light or Dark.' }),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;
