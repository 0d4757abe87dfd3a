import { z } from 'zod';

/** The colour scheme a student chose: the device's own setting, or always light or dark. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

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
