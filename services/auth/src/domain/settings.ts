import type { Settings, UpdateSettingsBody } from '@quad/contracts';
import type { AuthServiceContext } from './context';

const DEFAULT_SETTINGS: Settings = { theme: 'system' };

/** A student's preferences; an account that never chose has the defaults (follow the device). */
export async function getSettings(deps: AuthServiceContext, userId: string): Promise<Settings> {
  const stored = await deps.models.Settings.findById(userId).lean().exec();
  return { theme: stored?.theme ?? DEFAULT_SETTINGS.theme };
}

/** Stores the chosen preferences (one document per account, written only by its own requests). */
export async function updateSettings(deps: AuthServiceContext, userId: string, body: UpdateSettingsBody): Promise<Settings> {
  await deps.models.Settings.updateOne({ _id: userId }, { $set: { theme: body.theme } }, { upsert: true }).exec();
  return getSettings(deps, userId);
}
