import mongoose, { type Connection, type Model } from 'mongoose';
import type { Fact } from '@quad/common';

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

const statFactSchema = new mongoose.Schema<StatFactRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    userId: { type: String, required: true },
    counter: { type: String, enum: STAT_COUNTERS, required: true },
    live: { type: Boolean, required: true },
    sequence: { type: Number, required: true },
  },
  { versionKey: false, collection: 'stat_facts' },
);
statFactSchema.index({ userId: 1 });

export type StatFactModel = Model<StatFactRecord>;

export function statFactModel(db: Connection): StatFactModel {
  return (db.models.StatFact as StatFactModel) ?? db.model<StatFactRecord>('StatFact', statFactSchema);
}
