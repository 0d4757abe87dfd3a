/**
 * Demo friendships among the demo students (scripts/seed/auth.ts), made through the API as the
 * students themselves: at MIT, Maya and Jordan, Jordan and Priya, Jordan and Lucas are friends,
 * Lucas has asked Maya (her Pending Requests) and Maya has asked Priya (her Sent Requests); at
 * Stanford, Sofia and Ethan are friends. Safe on every start: a friendship or request that exists
 * is left alone.
 */
import type { Friend, FriendRequest, FriendRequestList, User } from '@quad/contracts';
import type { SeedContext } from './context';

const FRIENDS: Array<[string, string]> = [
  ['maya.chen@mit.edu', 'jordan.okafor@mit.edu'],
  ['jordan.okafor@mit.edu', 'priya.raman@mit.edu'],
  ['jordan.okafor@mit.edu', 'lucas.moreau@mit.edu'],
  ['sofia.alvarez@stanford.edu', 'ethan.park@stanford.edu'],
];

/** [sender, receiver]: left pending, so the demo shows a request each way. */
const PENDING: Array<[string, string]> = [
  ['lucas.moreau@mit.edu', 'maya.chen@mit.edu'],
  ['maya.chen@mit.edu', 'priya.raman@mit.edu'],
];

/**
 * The social service learns of new users and subscriptions from events, a moment after auth and
 * commerce write them: retry what it refuses for that reason (402, 404 unknown user) for a while.
 */
async function soon<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const message = (err as Error).message;
      const notYet = /^(402|404|502|503):/.test(message);
      if (!notYet || attempt >= 60) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function seed(ctx: SeedContext): Promise<void> {
  const token = (email: string) => {
    const found = ctx.tokens.get(email);
    if (!found) throw new Error(`no token for ${email}: the auth seed must run first`);
    return found;
  };
  const ids = new Map<string, string>();
  for (const email of new Set([...FRIENDS, ...PENDING].flat())) {
    ids.set(email, (await ctx.api<User>('GET', '/api/auth/user', { token: token(email) })).id);
  }
  const idOf = (email: string) => ids.get(email)!;
  const friendsOf = (email: string) =>
    soon(() => ctx.api<Friend[]>('GET', '/api/friends', { token: token(email) }));
  const requestsOf = (email: string) =>
    soon(() => ctx.api<FriendRequestList>('GET', '/api/friend-requests', { token: token(email) }));
  const standing = async (a: string, b: string) => {
    const [friends, requests] = await Promise.all([friendsOf(a), requestsOf(a)]);
    return {
      friends: friends.some((friend) => friend.id === idOf(b)),
      sent: requests.sent.find((request) => request.receiverId === idOf(b)),
      received: requests.incoming.find((request) => request.senderId === idOf(b)),
    };
  };
  const ask = (sender: string, receiver: string) =>
    soon(() =>
      ctx.api<FriendRequest>('POST', '/api/friend-requests', {
        token: token(sender),
        body: { friendId: idOf(receiver) },
      }),
    );

  for (const [a, b] of FRIENDS) {
    const now = await standing(a, b);
    if (now.friends) continue;
    if (now.received) {
      await ctx.api('POST', `/api/friend-requests/${encodeURIComponent(now.received.id)}/accept`, {
        token: token(a),
      });
      continue;
    }
    const request = now.sent ?? (await ask(a, b));
    if (request.status === 'pending') {
      await ctx.api('POST', `/api/friend-requests/${encodeURIComponent(request.id)}/accept`, {
        token: token(b),
      });
    }
  }
  for (const [sender, receiver] of PENDING) {
    const now = await standing(sender, receiver);
    if (now.friends || now.sent || now.received) continue;
    await ask(sender, receiver);
  }
}

export const socialSeed = { name: 'social', seed };
