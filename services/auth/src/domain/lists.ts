import type { ListDef } from '@quad/common';
import type { StatCounter, StatFactRecord } from '../models/stat-fact-model';
import type { UserRecord } from '../models/user-model';

/*
 * Auth's lists, kept by their repositories beside every write: every account (the admin panel's
 * table, newest first) and, per user and stat, the live facts behind the profile's stat cards.
 */

export const allUsers: ListDef<UserRecord> = { name: 'all', filter: {}, contains: () => true };

export function statFactsOf(userId: string, counter: StatCounter): ListDef<StatFactRecord> {
  return {
    name: `user:${encodeURIComponent(userId)}:${counter}`,
    filter: { userId, counter, live: true },
    contains: (fact) => fact.userId === userId && fact.counter === counter && fact.live,
    score: (fact) => fact.sequence,
  };
}
