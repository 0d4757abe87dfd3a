import { type Repository, applyFact } from '@quad/common';
import { STAT_COUNTERS, type StatCounter, type StatFactRecord } from '../models/stat-fact-model';
import type { AuthDeps } from './context';
import { statFactsOf } from './lists';

export type ProfileStats = Record<StatCounter, number>;
type StatDeps = Pick<AuthDeps, 'stats' | 'models'>;

/**
 * States one fact behind a stat as of the event with stream sequence `sequence`: live (a post,
 * comment or friendship exists) or not. Safe to repeat and to run on two replicas at once; an
 * older event arriving after a newer one changes nothing.
 *
 * A replica that dies inside a write (after the database, before Redis) leaves the fact's cache
 * entry and list behind the database, and its event unacknowledged. applyFact alone would then
 * find the event already applied and change nothing, so the count stayed wrong (seen with a
 * replica killed mid-handler, test/replicas.test.ts). So the stored fact is read from the
 * database first: the cache gets it (never replacing a newer version), and when this very event
 * is already stored, i.e. it comes again after such a death, the fact's list is rebuilt from the
 * database on its next read.
 */
export async function setStatFact(
  deps: StatDeps,
  factId: string,
  userId: string,
  counter: StatCounter,
  live: boolean,
  sequence: number,
): Promise<void> {
  const id = `${counter}:${factId}`;
  const stored = await deps.models.StatFact.findById(id).lean<StatFactRecord>();
  if (stored) {
    await deps.stats.cache.put(stored);
    if (stored.sequence === sequence) {
      await deps.stats.dropList(statFactsOf(stored.userId, stored.counter));
      return;
    }
  }
  await applyFact(deps.stats, id, { userId, counter }, live, sequence);
}

/** A friendship is one fact per friend: each of the two counts the other. */
export async function setFriendshipFacts(
  deps: StatDeps,
  userIds: readonly [string, string],
  live: boolean,
  sequence: number,
): Promise<void> {
  const pair = [...userIds].sort().join(':');
  for (const userId of new Set(userIds)) {
    await setStatFact(deps, `${pair}:${userId}`, userId, 'totalFriends', live, sequence);
  }
}

/**
 * The three profile stat cards. These live facts (fed by forum and social events, one document per
 * post, comment and friend) are the one source of a profile's counts: nothing else in auth counts
 * posts, comments or friends, and each stat is the size of its list of live facts.
 */
export async function readStats(stats: Repository<StatFactRecord>, userId: string): Promise<ProfileStats> {
  const counts = await stats.countMany(STAT_COUNTERS.map((counter) => statFactsOf(userId, counter)));
  return Object.fromEntries(STAT_COUNTERS.map((counter, i) => [counter, counts[i] ?? 0])) as ProfileStats;
}

/** A new account has no facts yet: its lists start complete, so its first profile view scans nothing. */
export async function markStatsEmpty(stats: Repository<StatFactRecord>, userId: string): Promise<void> {
  await Promise.all(STAT_COUNTERS.map((counter) => stats.markEmpty(statFactsOf(userId, counter))));
}
