import { TOPIC_REQUIRED, type Topic } from '@quad/contracts';
import { badRequest } from '@quad/common';
import { topicCounterId } from '../models/topic-counter-model';
import type { TopicDoc } from '../models/topic-model';
import type { ForumContext } from './context';
import { oneAtATime } from './one-at-a-time';
import type { Viewer } from './viewer';

/** The boards every college has. Ids are stable: posts and the web refer to them by number. */
export const TOPICS: readonly TopicDoc[] = [
  { _id: 1, name: 'General', icon: '💬', color: '#3B82F6' },
  { _id: 2, name: 'Academics', icon: '📚', color: '#8B5CF6' },
  { _id: 3, name: 'Campus Life', icon: '🏫', color: '#10B981' },
  { _id: 4, name: 'Housing', icon: '🏠', color: '#F59E0B' },
  { _id: 5, name: 'Events', icon: '🎉', color: '#EC4899' },
  { _id: 6, name: 'Jobs & Internships', icon: '💼', color: '#6366F1' },
  { _id: 7, name: 'Marketplace', icon: '🛒', color: '#14B8A6' },
  { _id: 8, name: 'Clubs & Sports', icon: '⚽', color: '#EF4444' },
  { _id: 9, name: 'Advice', icon: '💡', color: '#0EA5E9' },
  { _id: 10, name: 'Off-Topic', icon: '🎲', color: '#64748B' },
];

/** Writes the topic list at start; safe on every start and on every replica (upserts by id). */
export async function seedTopics(ctx: ForumContext): Promise<void> {
  for (const { _id, ...fields } of TOPICS) {
    await ctx.models.Topic.updateOne({ _id }, { $set: fields }, { upsert: true });
  }
}

/** Topics with the number of posts the viewer can see in each. */
export async function listTopics(ctx: ForumContext, viewer: Viewer): Promise<Topic[]> {
  const { Topic: Topics, TopicCounter } = ctx.models;
  const [topics, counts] = await Promise.all([
    Topics.find().sort({ _id: 1 }).lean<TopicDoc[]>(),
    viewer.isAdmin
      ? TopicCounter.aggregate<{ _id: number; postCount: number }>([
          { $group: { _id: '$topicId', postCount: { $sum: '$postCount' } } },
        ])
      : TopicCounter.find({ collegeId: viewer.collegeId })
          .lean()
          .then((rows) => rows.map((row) => ({ _id: row.topicId, postCount: row.postCount }))),
  ]);
  const countByTopic = new Map(counts.map((row) => [row._id, row.postCount]));
  return topics.map((topic) => ({
    id: topic._id,
    name: topic.name,
    icon: topic.icon,
    color: topic.color,
    postCount: Math.max(0, countByTopic.get(topic._id) ?? 0),
  }));
}

/** The topic a new post goes to; an unknown id is the spec's 'choose a topic' problem. */
export async function requireTopic(ctx: ForumContext, topicId: number): Promise<TopicDoc> {
  const topic = await ctx.models.Topic.findById(topicId).lean<TopicDoc>();
  if (!topic) throw badRequest(TOPIC_REQUIRED);
  return topic;
}

export async function topicNames(ctx: ForumContext): Promise<Map<number, string>> {
  const topics = await ctx.models.Topic.find({}, { name: 1 }).lean<TopicDoc[]>();
  return new Map(topics.map((topic) => [topic._id, topic.name]));
}

/** Moves a (college, topic) post counter by `delta`; the first post of a board creates it. */
export async function adjustTopicCount(
  ctx: ForumContext,
  collegeId: string | null,
  topicId: number,
  delta: number,
): Promise<void> {
  const counterId = topicCounterId(collegeId, topicId);
  const update = () =>
    ctx.models.TopicCounter.updateOne(
      { _id: counterId },
      { $inc: { postCount: delta }, $setOnInsert: { collegeId, topicId } },
      { upsert: true },
    );
  await oneAtATime(`topic-counter:${counterId}`, async () => {
    try {
      await update();
    } catch (err) {
      // Two replicas' first posts of a board at once: one upsert inserts, the other hits the unique _id; retry as an update.
      if ((err as { code?: number }).code !== 11000) throw err;
      await update();
    }
  });
}
