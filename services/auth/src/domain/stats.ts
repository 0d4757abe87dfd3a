import { type Repository, applyFact } from '@quad/common';
import { STAT_COUNTERS, type StatCounter, type StatFactRecord } from '../models/stat-fact-model';
import type { AuthServiceContext } from './context';
import { statFactsOf } from './lists';

export type ProfileStats = Record<StatCounter, number>;
type StatDeps = Pick<AuthServiceContext, 'stats' | 'models'>;

/**
 * States one fact behind a stat as of the event with stream sequence `sequence`: live (a post,
 * comment or friendship exists) or not. Safe to repeat and to run on two replicas at once; an
 * older event arriving after a newer one changes nothing. A replica that died between the
 * database write and its Redis mirror is repaired by the repository when the event comes again
 * (a change that finds nothing to do re-states the fact's lists; a cached copy older than the
 * database is replaced by the database's).
 */
export async function setStatFact(
  deps: StatDeps,
  factId: string,
  userId: string,
  counter: StatCounter,
  live: boolean,
  sequence: number,
): Promise<void> {
  await applyFact(deps.stats, `${counter}:${factId}`, { userId, counter }, live, sequence);
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
