import { defineModel, type Fact, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

export const STAT_COUNTERS = ['totalPosts', 'totalComments', 'totalFriends'] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

/**
 * One fact behind a profile stat card, as forum and social events state it: "this post by that
 * user exists" (`totalPosts:<postId>`), "this comment exists" (`totalComments:<commentId>`), "these
 * two are friends", once per friend (`totalFriends:<a>:<b>:<userId>`, the pair sorted). A stat is
 * the number of live facts of its (user, counter) list (domain/stats.ts): no counter is moved by
 * `$inc`, so an event delivered twice, to two replicas at once, or after its opposite changes no
 * count (see @quad/common's applyFact, which orders the changes of one fact by stream sequence).
 */
export interface StatFactRecord extends Fact {
  _id: string;
  version: number;
  userId: string;
  counter: StatCounter;
  live: boolean;
  sequence: number;
}

export const statFactModel = defineModel<StatFactRecord>({
  name: 'StatFact',
  collection: 'stat_facts',
  fields: {
    _id: required(String),
    version: versionField(),
    userId: required(String),
    counter: required(String, { enum: STAT_COUNTERS }),
    live: required(Boolean),
    sequence: required(Number),
  },
  indexes: [{ userId: 1 }],
});

export type StatFactModel = Model<StatFactRecord>;
