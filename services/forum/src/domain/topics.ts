import { TOPIC_REQUIRED, type Topic } from '@quad/contracts';
import { badRequest, upsertFixedRows } from '@quad/common';
import type { TopicDoc } from '../models/topic-model';
import type { ForumContext } from './context';
import { board } from './lists';
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

const TOPIC_NAMES = new Map(TOPICS.map((topic) => [topic._id, topic.name]));

/** Writes the topic list at start (for anyone reading the database); safe on every start and replica. */
export async function seedTopics(ctx: ForumContext): Promise<void> {
  await upsertFixedRows(ctx.models.Topic, TOPICS);
}

/**
 * Topics with the number of posts the viewer can see in each. The count's one source is the
 * board itself (its list's size), so it can never disagree with what the board shows.
 */
export async function listTopics(ctx: ForumContext, viewer: Viewer): Promise<Topic[]> {
  const college = viewer.isAdmin ? undefined : viewer.collegeId;
  const counts =
    college === null
      ? TOPICS.map(() => 0)
      : await ctx.posts.countMany(TOPICS.map((topic) => board(college, topic._id)));
  return TOPICS.map((topic, i) => ({
    id: topic._id,
    name: topic.name,
    icon: topic.icon,
    color: topic.color,
    postCount: counts[i]!,
  }));
}

/** The topic a new post goes to; an unknown id is the spec's 'choose a topic' problem. */
export function requireTopic(topicId: number): TopicDoc {
  const topic = TOPICS.find((candidate) => candidate._id === topicId);
  if (!topic) throw badRequest(TOPIC_REQUIRED);
  return topic;
}

export function topicName(topicId: number): string {
  return TOPIC_NAMES.get(topicId) ?? '';
}
