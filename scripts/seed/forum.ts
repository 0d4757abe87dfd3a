/**
 * Demo boards: realistic posts at both colleges, some anonymous, one with a photo, with comments
 * and views, all made through the API as the demo students (tokens from the auth seed). A board
 * that already has posts in a college is left alone, so a second start adds nothing twice.
 */
import sharp from 'sharp';
import type { Post, Topic, User } from '@quad/contracts';
import type { SeedContext } from './context';

interface DemoPost {
  topic: string;
  title: string;
  content: string;
  isAnonymous?: boolean;
  withImage?: boolean;
  comments: Array<{ content: string; isAnonymous?: boolean }>;
}

/** Two lists, one per college (the first college of the demo students, then the second). */
const DEMO_POSTS: [DemoPost[], DemoPost[]] = [
  [
    {
      topic: 'General',
      title: 'Welcome to Quad, everyone!',
      content:
        'Say hi and tell us your major. I will start: second-year CS, mostly found in the library basement.',
      comments: [
        { content: 'Hi! Econ major here, usually at the café by the east gate.' },
        { content: 'Biology, first year. Glad this exists.' },
      ],
    },
    {
      topic: 'Academics',
      title: 'Study group for Algorithms midterm',
      content:
        'Meeting Thursday 6pm in room 204 of the science building. We will go through past papers, bring snacks.',
      comments: [
        { content: 'Count me in. Does anyone have the 2023 paper?' },
        { content: 'I have it, will bring printed copies.' },
      ],
    },
    {
      topic: 'Campus Life',
      title: 'Sunset over the main quad tonight',
      content: 'Caught this on the way back from the gym. Campus looks unreal this time of year.',
      withImage: true,
      comments: [{ content: 'Wow, what camera?' }, { content: 'Just my phone, no filter!' }],
    },
    {
      topic: 'Housing',
      title: 'Looking for a subletter for spring semester',
      content:
        'Single room in a 3-bed apartment, 10 minutes walk to campus, utilities included. DM me for details.',
      comments: [{ content: 'Is it furnished?' }],
    },
    {
      topic: 'Advice',
      title: 'Feeling behind everyone else in my program',
      content:
        'Everyone in my classes seems to already know what they are doing and I am struggling to keep up. Did anyone else feel this way in first year?',
      isAnonymous: true,
      comments: [
        { content: 'Honestly, most people feel like this. Office hours helped me a lot.', isAnonymous: true },
        { content: 'The counselling centre is great too, no shame in going.' },
      ],
    },
    {
      topic: 'Jobs & Internships',
      title: 'Summer internship applications are open',
      content:
        'The career fair is next Wednesday. Bring a printed CV; several companies are hiring interns for summer.',
      comments: [{ content: 'Any software companies coming?' }],
    },
    {
      topic: 'Events',
      title: 'Open mic night this Friday',
      content: 'Student union hall, 8pm. Poetry, music, comedy, anything goes. Sign-up sheet at the door.',
      comments: [],
    },
    {
      topic: 'Marketplace',
      title: 'Selling calculus textbook, barely used',
      content: 'Stewart, 8th edition. $30 or best offer. Can meet on campus.',
      comments: [{ content: 'Would you take $25?' }],
    },
  ],
  [
    {
      topic: 'General',
      title: 'What is everyone doing this weekend?',
      content: 'Thinking of organising a hike to the lake on Saturday if the weather holds. Who is in?',
      comments: [
        { content: 'I am! I can drive four people.' },
        { content: 'Count me in if we leave after 9.' },
      ],
    },
    {
      topic: 'Academics',
      title: 'Best way to prepare for organic chemistry?',
      content:
        'Starting orgo next semester and I keep hearing horror stories. Any tips from people who survived it?',
      comments: [
        { content: 'Do every practice problem. Twice.' },
        { content: 'Molecular model kit, seriously.' },
      ],
    },
    {
      topic: 'Clubs & Sports',
      title: 'Intramural volleyball team needs two more players',
      content: 'We play Tuesday evenings, all skill levels welcome. Mostly here for fun.',
      comments: [{ content: 'I played in high school, can I join?' }],
    },
    {
      topic: 'Advice',
      title: 'Should I switch majors in my third year?',
      content: 'I am in accounting but I really enjoy my design electives. Is it too late to switch?',
      isAnonymous: true,
      comments: [{ content: 'I switched in third year and never regretted it.', isAnonymous: true }],
    },
    {
      topic: 'Housing',
      title: 'Dorm laundry machines finally fixed',
      content:
        'Building C machines are working again, and they take cards now. No more hunting for quarters.',
      comments: [],
    },
    {
      topic: 'Off-Topic',
      title: 'Rate the dining hall pizza from 1 to 10',
      content: 'I say a solid 6. Friday pizza is an 8 though.',
      comments: [
        { content: '4, and I will not be taking questions.' },
        { content: 'Friday pizza is elite.' },
      ],
    },
    {
      topic: 'Events',
      title: 'Hackathon sign-ups close Sunday',
      content: '24 hours, free food, prizes for the best three projects. Teams of up to four.',
      comments: [{ content: 'Looking for a designer for our team!' }],
    },
  ],
];

/** A small photo-like PNG (a sunset gradient), made here so the seed needs no asset files. */
async function sunsetPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1E3A8A"/><stop offset="0.55" stop-color="#EC4899"/><stop offset="1" stop-color="#F59E0B"/>
    </linearGradient></defs>
    <rect width="960" height="540" fill="url(#sky)"/>
    <circle cx="480" cy="430" r="90" fill="#FDE68A"/>
    <rect y="430" width="960" height="110" fill="#14532D"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface DemoStudent {
  user: User;
  token: string;
}

/** The forum's copy of a new user arrives by event; wait until the boards let them in. */
async function waitForBoards(ctx: SeedContext, token: string): Promise<Topic[] | null> {
  const deadline = Date.now() + 20_000;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      return await ctx.api<Topic[]>('GET', '/api/topics', { token });
    } catch (err) {
      lastError = (err as Error).message;
      if (!/^(402|401):/.test(lastError)) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.warn(`[seed] forum: a demo student cannot use the boards (${lastError}); skipped`);
  return null;
}

async function seed(ctx: SeedContext): Promise<void> {
  if (ctx.tokens.size === 0) {
    console.warn('[seed] forum: no demo users (the auth seed stores their tokens); nothing to do');
    return;
  }
  // Learn who each demo token is; students grouped by college, in first-seen order.
  const colleges = new Map<string, DemoStudent[]>();
  let topics: Topic[] = [];
  for (const token of ctx.tokens.values()) {
    const user = await ctx.api<User | null>('GET', '/api/auth/user', { token });
    if (!user || user.isAdmin || !user.collegeId) continue;
    const boards = await waitForBoards(ctx, token);
    if (!boards) continue;
    topics = boards;
    colleges.set(user.collegeId, [...(colleges.get(user.collegeId) ?? []), { user, token }]);
  }
  const topicIds = new Map(topics.map((topic) => [topic.name, topic.id]));
  const image = await sunsetPng();

  let created = 0;
  const groups = [...colleges.values()].slice(0, DEMO_POSTS.length);
  for (const [index, students] of groups.entries()) {
    const plan = DEMO_POSTS[index]!;
    const reader = students[0]!;
    for (const [postIndex, demo] of plan.entries()) {
      const topicId = topicIds.get(demo.topic);
      if (!topicId) continue;
      const existing = await ctx.api<Post[]>('GET', `/api/posts?topicId=${topicId}&limit=1`, {
        token: reader.token,
      });
      if (existing.length > 0) continue; // this college's board already has posts: seeded before

      const author = students[postIndex % students.length]!;
      const form = new FormData();
      form.append('title', demo.title);
      form.append('content', demo.content);
      form.append('topicId', String(topicId));
      form.append('isAnonymous', String(Boolean(demo.isAnonymous)));
      if (demo.withImage)
        form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'sunset.png');
      const post = await ctx.api<Post>('POST', '/api/posts', { token: author.token, form });
      created += 1;

      const others = students.filter((student) => student !== author);
      for (const [commentIndex, comment] of demo.comments.entries()) {
        // With a single student in a college, they answer their own post rather than leave it bare.
        const commenter = others.length > 0 ? others[commentIndex % others.length]! : author;
        await ctx.api('POST', '/api/comments', {
          token: commenter.token,
          body: { postId: post.id, content: comment.content, isAnonymous: Boolean(comment.isAnonymous) },
        });
      }
      for (const viewer of others)
        await ctx.api('POST', `/api/posts/${post.id}/view`, { token: viewer.token });
    }
  }
  if (colleges.size < 2)
    console.warn(`[seed] forum: demo students found in ${colleges.size} college(s); seeded what fits`);
  console.log(`[seed] forum: ${created} posts created`);
}

export const forumSeed = { name: 'forum', seed };
