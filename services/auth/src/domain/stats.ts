import type { AuthModels } from '../models';
import { STAT_COUNTERS, type StatCounter } from '../models/profile-counter-model';

export type ProfileStats = Record<StatCounter, number>;

/** Moves a counter for each user; the event consumer's dedupe makes this run once per event. */
export async function adjustStats(
  models: AuthModels,
  userIds: string[],
  counter: StatCounter,
  delta: 1 | -1,
): Promise<void> {
  for (const userId of new Set(userIds)) {
    await models.ProfileCounter.updateOne(
      { _id: `${userId}:${counter}` },
      { $inc: { value: delta }, $setOnInsert: { userId, counter } },
      { upsert: true },
    );
  }
}

/** The three profile stat cards; never below zero even if a delete arrived for content made before counting began. */
export async function readStats(models: AuthModels, userId: string): Promise<ProfileStats> {
  const counters = await models.ProfileCounter.find({ userId }).lean();
  const stats = Object.fromEntries(STAT_COUNTERS.map((counter) => [counter, 0])) as ProfileStats;
  for (const { counter, value } of counters) stats[counter] = Math.max(0, value);
  return stats;
}
