import { type ConsumerOptions, type ServiceRuntime, runUserDirectory, startReplay } from '@quad/common';
import type { Config } from './config';
import { searchContext } from './domain/context';
import { IDEAS, NO_COLLEGE, type SearchIndex } from './domain/search-index';

/**
 * What the index is made of: forum's posts, comments, ideas and polls (with their text), auth's
 * users, moderation's removals and bans, social's blocks. Every replica replays them all into its
 * own index (startReplay); the shared user directory (subscription gate) has its durable as usual.
 */
export function indexHandlers(index: SearchIndex): ConsumerOptions['handlers'] {
  return {
    'forum.post.created': async ({ data }) => putPost(index, data),
    'forum.post.updated': async ({ data }) => putPost(index, data),
    'forum.post.deleted': async ({ data }) => index.remove('post', data.postId),
    'forum.comment.created': async ({ data }) => putComment(index, data),
    'forum.comment.updated': async ({ data }) => putComment(index, data),
    'forum.comment.deleted': async ({ data }) => index.remove('comment', data.commentId),
    'forum.idea.created': async ({ data }) =>
      index.put({
        kind: 'idea',
        id: data.ideaId,
        partition: IDEAS,
        authorId: data.authorId,
        isAnonymous: false,
        title: data.title,
        text: [data.description, data.category, data.stage, ...data.skillsNeeded].join('\n'),
        topicId: null,
        postId: null,
        createdAt: Date.parse(data.createdAt),
        version: data.version,
      }),
    'forum.idea.deleted': async ({ data }) => index.remove('idea', data.ideaId),
    'forum.poll.created': async ({ data }) =>
      index.put({
        kind: 'poll',
        id: data.pollId,
        partition: data.collegeId ?? NO_COLLEGE,
        authorId: data.authorId,
        isAnonymous: false,
        title: data.question,
        text: [data.description ?? '', ...data.options].join('\n'),
        topicId: data.topicId,
        postId: null,
        createdAt: Date.parse(data.createdAt),
        version: data.version,
      }),
    'forum.poll.deleted': async ({ data }) => index.remove('poll', data.pollId),
    'moderation.content.removed': async ({ data }) => index.remove(data.type, data.contentId),
    'auth.user.registered': async ({ data }) => index.putUser(data),
    'auth.user.updated': async ({ data }) => index.putUser(data),
    'moderation.user.banned': async ({ data }) =>
      index.setBan(data.userId, new Date(data.banUntil), data.version),
    'moderation.user.unbanned': async ({ data }) => index.setBan(data.userId, null, data.version),
    'social.block.created': async ({ data }) => index.setBlock(data.blockerId, data.blockedId, true),
    'social.block.removed': async ({ data }) => index.setBlock(data.blockerId, data.blockedId, false),
  };
}

type PostData = Parameters<NonNullable<ReturnType<typeof indexHandlers>['forum.post.created']>>[0]['data'];
type CommentData = Parameters<
  NonNullable<ReturnType<typeof indexHandlers>['forum.comment.created']>
>[0]['data'];

/** What a post's and a comment's entries share: the college, the author and the version, as forum announced them. */
function authored(data: PostData | CommentData) {
  return {
    partition: data.collegeId ?? NO_COLLEGE,
    authorId: data.authorId,
    isAnonymous: data.isAnonymous ?? false,
    createdAt: data.createdAt ? Date.parse(data.createdAt) : null,
    version: data.version ?? 0,
  };
}

// Events stored before forum announced the text carry none: there is nothing to index in them.
function putPost(index: SearchIndex, data: PostData): void {
  if (data.title === undefined || data.content === undefined) return;
  index.put({
    ...authored(data),
    kind: 'post',
    id: data.postId,
    title: data.title,
    text: data.content,
    topicId: data.topicId,
    postId: null,
  });
}

function putComment(index: SearchIndex, data: CommentData): void {
  if (data.content === undefined) return;
  index.put({
    ...authored(data),
    kind: 'comment',
    id: data.commentId,
    title: '',
    text: data.content,
    // Its post's topic, for the topic filter (the post's events come first in the FORUM stream).
    topicId: index.get('post', data.postId)?.topicId ?? null,
    postId: data.postId,
  });
}

/**
 * Where the replay starts: SEARCH_REPLAY_SINCE when set; else, when EVENTS_REPLAY is `new` (test
 * runs: every file shares one NATS), at this start; else at each stream's first event.
 */
function replaySince(config: Config): Date | undefined {
  if (config.SEARCH_REPLAY_SINCE) return new Date(config.SEARCH_REPLAY_SINCE);
  return config.EVENTS_REPLAY === 'new' ? new Date() : undefined;
}

/**
 * Starts feeding the index (every replica replays every stream into its own) and the user
 * directory; readiness answers 503 until the replay has caught up with what was published before
 * the start, so no replica answers from a half-built index.
 */
export async function startEventConsumers(runtime: ServiceRuntime<Config>): Promise<void> {
  const ctx = searchContext(runtime);
  await runUserDirectory(runtime);
  const replay = await startReplay({
    js: runtime.js,
    logger: runtime.logger,
    metrics: runtime.metrics,
    handlers: indexHandlers(ctx.index),
    since: replaySince(runtime.config),
  });
  runtime.consumers.push(replay);
  runtime.readiness.push({
    name: 'search-index',
    check: async () => {
      if (!replay.isCaughtUp()) throw new Error('index still replaying events');
    },
  });
  runtime.metrics.gaugeFrom(
    'search_index_documents',
    'Documents in this replica’s search index',
    () => ctx.index.size,
  );
}
