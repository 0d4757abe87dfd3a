/**
 * Demo notifications. Most come by themselves: the notifications service hears the events the
 * other seed modules cause (comments on the demo posts, Lucas's pending friend request to Maya,
 * the demo chats while their receivers are away). This module adds a mention of Maya, so her bell
 * shows every kind of forum notification, then waits until the demo students' bells have unread
 * entries (the service is a moment behind the writes) and says how many. Safe on every start: the
 * mention is posted once.
 */
import type { Post, UnreadCount } from '@quad/contracts';
import type { SeedContext } from './context';

const MENTION = 'Welcome! @Maya Chen runs the Algorithms study group, ask her about Thursday.';
const BELLS = ['maya.chen@mit.edu', 'jordan.okafor@mit.edu', 'priya.raman@mit.edu'];

async function seed(ctx: SeedContext): Promise<void> {
  const token = (email: string) => {
    const found = ctx.tokens.get(email);
    if (!found) throw new Error(`no token for ${email}: the auth seed must run first`);
    return found;
  };
  const jordan = token('jordan.okafor@mit.edu');
  const posts = await ctx.api<Post[]>('GET', '/api/posts?limit=50', { token: jordan });
  const welcome = posts.find((post) => post.title === 'Welcome to Quad, everyone!');
  if (welcome) {
    const comments = await ctx.api<Array<{ content: string }>>('GET', `/api/comments?postId=${welcome.id}`, { token: jordan });
    if (!comments.some((comment) => comment.content === MENTION)) {
      await ctx.api('POST', '/api/comments', { token: jordan, body: { postId: welcome.id, content: MENTION, isAnonymous: false } });
    }
  }
  const counts: string[] = [];
  for (const email of BELLS) {
    let unread = 0;
    for (let attempt = 0; attempt < 40 && unread === 0; attempt++) {
      unread = (await ctx.api<UnreadCount>('GET', '/api/notifications/unread-count', { token: token(email) })).unread;
      if (unread === 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    counts.push(`${email.split('@')[0]} ${unread}`);
  }
  console.log(`[seed] notifications: unread bells: ${counts.join(', ')}`);
}

export const notificationsSeed = { name: 'notifications', seed };
