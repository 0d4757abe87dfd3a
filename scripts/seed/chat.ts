/**
 * Demo conversations: a few chats with history between demo students of the same college, made
 * through the API as those students (tokens from the auth seed), so a newcomer logging in as
 * maya.chen@mit.edu finds a living inbox (one conversation left unread) and a study group chat
 * Jordan made with his friends, with its photo (its newest messages unread for her). A conversation that already has messages, and a
 * group its owner already has, are left alone, so a second start adds nothing twice.
 */
import sharp from 'sharp';
import { type ChatSummary, GROUP_PHOTO_FIELD, type GroupSummary, type User } from '@quad/contracts';
import type { SeedContext } from './context';

interface DemoConversation {
  between: [string, string];
  /** Lines in order; 0 = the first person speaks, 1 = the second. */
  lines: Array<[0 | 1, string]>;
  /** Whether the last line's receiver has read it. */
  read: boolean;
}

const CONVERSATIONS: DemoConversation[] = [
  {
    between: ['maya.chen@mit.edu', 'jordan.okafor@mit.edu'],
    lines: [
      [0, 'Hey Jordan! Are you going to the Algorithms study group on Thursday?'],
      [1, 'Yes! I still have to finish the dynamic programming problems though.'],
      [0, 'Same. Want to go through them together before? Library at 4?'],
      [1, 'Perfect, see you at the usual table by the windows.'],
      [0, 'I will bring the 2023 paper too.'],
    ],
    read: true,
  },
  {
    between: ['priya.raman@mit.edu', 'maya.chen@mit.edu'],
    lines: [
      [0, 'Maya, did you see the subletter post in Housing?'],
      [1, 'I did, the place looks nice! Are you thinking of moving?'],
      [0, 'Maybe for spring. Would you come see it with me this weekend?'],
      [0, 'Saturday around noon works for me.'],
    ],
    read: false,
  },
  {
    between: ['lucas.moreau@mit.edu', 'jordan.okafor@mit.edu'],
    lines: [
      [0, 'Pickup soccer on the main quad at 5, you in?'],
      [1, 'Always. I will bring the spare ball.'],
    ],
    read: true,
  },
  {
    between: ['sofia.alvarez@stanford.edu', 'ethan.park@stanford.edu'],
    lines: [
      [0, 'Ethan, the startup ideas meetup moved to Friday.'],
      [1, 'Thanks for the heads-up! Still at the Huang building?'],
      [0, 'Yes, 6pm. Bring your pitch deck!'],
    ],
    read: true,
  },
];

interface DemoGroup {
  name: string;
  /** The owner first: the others must be friends of the owner (the social seed makes them so). */
  members: string[];
  /** Lines in order, by member index. */
  lines: Array<[number, string]>;
  /** Members who have read up to the end (the others keep the last lines unread). */
  readers: number[];
  /** The group photo its owner sets: a gradient with a mark on it. */
  photo?: { from: string; to: string; mark: string };
  /** Members (by index) the owner names admins: they rename, add and remove too. */
  admins?: number[];
}

const GROUPS: DemoGroup[] = [
  {
    // Jordan is friends with the other three (scripts/seed/social.ts), so he makes it.
    name: 'Algorithms study group',
    members: ['jordan.okafor@mit.edu', 'maya.chen@mit.edu', 'priya.raman@mit.edu', 'lucas.moreau@mit.edu'],
    admins: [1],
    lines: [
      [0, 'Welcome to the study group! Thursday 4pm at the library, usual table.'],
      [1, 'Great idea, I will bring the 2023 exam paper.'],
      [2, 'Can we start with dynamic programming? Problem 3 still confuses me.'],
      [3, 'Count me in, I might be 10 minutes late after practice.'],
      [0, 'Booked room 204 so we can use the whiteboard.'],
    ],
    // Maya keeps the last three unread.
    readers: [0, 2, 3],
    photo: { from: '#312E81', to: '#0EA5E9', mark: '{ }' },
  },
];

/** A group photo made here (a gradient with a mark), so the seed needs no asset files. */
function groupPhotoPng(photo: NonNullable<DemoGroup['photo']>): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${photo.from}"/><stop offset="1" stop-color="${photo.to}"/>
    </linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <text x="256" y="310" font-family="DejaVu Sans Mono, monospace" font-size="170" font-weight="bold" fill="#FFFFFF" text-anchor="middle">${photo.mark}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Chat learns of new users through events: a freshly registered student may take a moment to be known. */
async function withRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= 20 || !/^(404|402|403)/.test((err as Error).message)) throw err;
      await sleep(500);
    }
  }
}

async function seed(ctx: SeedContext): Promise<void> {
  if (ctx.tokens.size === 0) {
    console.warn('[seed] chat: no demo users (the auth seed stores their tokens); nothing to do');
    return;
  }
  const users = new Map<string, { user: User; token: string }>();
  for (const [email, token] of ctx.tokens) {
    const user = await ctx.api<User | null>('GET', '/api/auth/user', { token }).catch(() => null);
    if (user) users.set(email, { user, token });
  }
  let made = 0;
  for (const conversation of CONVERSATIONS) {
    const people = conversation.between.map((email) => users.get(email));
    if (!people[0] || !people[1]) continue;
    const [first, second] = people as [{ user: User; token: string }, { user: User; token: string }];
    const existing = await withRetry(() =>
      ctx.api<ChatSummary>('POST', '/api/chats', { token: first.token, body: { participantId: second.user.id } }),
    );
    if (existing.lastMessage) continue;
    for (const [speaker, content] of conversation.lines) {
      const [from, to] = speaker === 0 ? [first, second] : [second, first];
      await withRetry(() => ctx.api('POST', '/api/messages', { token: from.token, body: { receiverId: to.user.id, content } }));
      // Each reply reads what came before it.
      await ctx.api('POST', '/api/messages/read', { token: from.token, body: { userId: to.user.id } });
    }
    const [lastSpeaker] = conversation.lines.at(-1)!;
    const lastReceiver = lastSpeaker === 0 ? second : first;
    const lastSender = lastSpeaker === 0 ? first : second;
    if (conversation.read) {
      await ctx.api('POST', '/api/messages/read', { token: lastReceiver.token, body: { userId: lastSender.user.id } });
    }
    made += 1;
  }
  if (made > 0) console.log(`[seed] chat: ${made} conversations with history`);
  await seedGroups(ctx, users);
}

/** The demo group chats, made by their owners from their friends (chat learns friendships from social's events). */
async function seedGroups(ctx: SeedContext, users: Map<string, { user: User; token: string }>): Promise<void> {
  let made = 0;
  for (const group of GROUPS) {
    const members = group.members.map((email) => users.get(email));
    if (members.some((member) => !member)) continue;
    const [owner, ...others] = members as Array<{ user: User; token: string }>;
    const existing = (await withRetry(() => ctx.api<GroupSummary[]>('GET', '/api/groups', { token: owner!.token }))).find(
      (entry) => entry.name === group.name,
    );
    // Made on an earlier start: only a photo it lacks (groups seeded before photos existed) is added.
    if (existing && (existing.photoUrl || !group.photo)) continue;
    const created =
      existing ??
      (await withRetry(() =>
        ctx.api<GroupSummary>('POST', '/api/groups', { token: owner!.token, body: { name: group.name, memberIds: others.map((m) => m.user.id) } }),
      ));
    if (!existing) {
      for (const [speaker, content] of group.lines) {
        const from = members[speaker]!;
        await ctx.api('POST', `/api/groups/${created.id}/messages`, { token: from.token, body: { content } });
        await ctx.api('POST', `/api/groups/${created.id}/read`, { token: from.token });
      }
      for (const reader of group.readers) await ctx.api('POST', `/api/groups/${created.id}/read`, { token: members[reader]!.token });
      for (const admin of group.admins ?? []) {
        await ctx.api('POST', `/api/groups/${created.id}/admins`, { token: owner!.token, body: { userId: members[admin]!.user.id } });
      }
    }
    if (group.photo) {
      // Set by its owner, through the same upload (sniffed, re-encoded) as the web's members panel.
      const form = new FormData();
      form.append(GROUP_PHOTO_FIELD, new Blob([new Uint8Array(await groupPhotoPng(group.photo))], { type: 'image/png' }), 'group.png');
      await ctx.api('POST', `/api/groups/${created.id}/photo`, { token: owner!.token, form });
    }
    made += 1;
  }
  if (made > 0) console.log(`[seed] chat: ${made} group chats (with their photos)`);
}

export const chatSeed = { name: 'chat', seed };
