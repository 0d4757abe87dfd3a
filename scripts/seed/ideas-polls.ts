/**
 * Demo ideas and polls: startup ideas from students of both demo colleges (ideas are seen across
 * colleges) with comments and "I'm interested" from students of either college, and polls at each
 * college with votes. Made through the API as the demo students; an idea or poll whose title or
 * question already exists is left alone, so a second start adds nothing twice.
 */
import type { Idea, IdeaCategory, IdeaSkill, IdeaStage, Poll, User } from '@quad/contracts';
import type { SeedContext } from './context';

interface DemoIdea {
  title: string;
  description: string;
  category: IdeaCategory;
  stage: IdeaStage;
  skillsNeeded: IdeaSkill[];
  comments: string[];
  /** How many other students say they are interested. */
  interested: number;
}

interface DemoPoll {
  question: string;
  description?: string;
  options: string[];
  /** Votes as option indexes, one per student in order (students beyond the list do not vote). */
  votes: number[];
}

/** One list per college, in the order the demo students' colleges are first seen. */
const DEMO_IDEAS: [DemoIdea[], DemoIdea[]] = [
  [
    {
      title: 'StudySwap: trade notes for coffee',
      description:
        'A marketplace where students share lecture notes and study guides, paid in campus café credit instead of money. Verified by course so notes stay relevant.',
      category: 'Education',
      stage: 'Prototype',
      skillsNeeded: ['Frontend Development', 'Marketing'],
      comments: ['Would love this for organic chemistry.', 'How do you check note quality? Ratings?'],
      interested: 2,
    },
    {
      title: 'Dorm compost pickup',
      description:
        'Weekly pickup of food scraps from dorms, composted at the campus farm. Students subscribe per floor; the farm gets soil, dorms get less waste.',
      category: 'Environment',
      stage: 'Planning',
      skillsNeeded: ['Project Management', 'Business Strategy'],
      comments: ['The farm manager would be keen, I asked last year.'],
      interested: 1,
    },
    {
      title: 'Lab equipment sharing app',
      description: 'Book idle lab equipment across departments by the hour, with a simple approval flow for lab managers.',
      category: 'Technology',
      stage: 'Launch Ready',
      skillsNeeded: [],
      comments: [],
      interested: 0,
    },
  ],
  [
    {
      title: 'Campus rideshare to the airport',
      description:
        'Match students flying out on the same day so they can split a ride to the airport. Break weeks and holidays are the obvious launch moments.',
      category: 'Transportation',
      stage: 'MVP',
      skillsNeeded: ['Mobile Development', 'Backend Development', 'Sales'],
      comments: ['I would have used this every Thanksgiving.', 'Could start with a simple form and a spreadsheet.'],
      interested: 2,
    },
    {
      title: 'Late-night healthy food truck',
      description:
        'A food truck parked by the library from 10pm to 2am serving healthy meals for students studying late, with a student discount.',
      category: 'Food & Dining',
      stage: 'Just an Idea',
      skillsNeeded: ['Finance', 'Marketing'],
      comments: ['Please include vegan options!'],
      interested: 1,
    },
  ],
];

const DEMO_POLLS: [DemoPoll[], DemoPoll[]] = [
  [
    {
      question: 'Best study spot on campus?',
      description: 'Settle it once and for all.',
      options: ['Main library', 'Science building atrium', 'Campus café', 'My dorm room'],
      votes: [0, 2, 0],
    },
    {
      question: 'Should finals week have extended library hours?',
      options: ['Yes, 24/7', 'Until 2am is enough', 'No change needed'],
      votes: [0, 0, 1],
    },
  ],
  [
    {
      question: 'Which club fair day works best?',
      options: ['Friday afternoon', 'Saturday morning'],
      votes: [1, 0, 1],
    },
  ],
];

interface DemoStudent {
  user: User;
  token: string;
}

async function seedIdeas(ctx: SeedContext, groups: DemoStudent[][], everyone: DemoStudent[]): Promise<number> {
  let created = 0;
  for (const [index, students] of groups.entries()) {
    for (const [ideaIndex, demo] of DEMO_IDEAS[index]!.entries()) {
      const author = students[ideaIndex % students.length]!;
      const found = await ctx.api<Idea[]>('GET', `/api/ideas?search=${encodeURIComponent(demo.title)}&limit=50`, { token: author.token });
      if (found.some((idea) => idea.title === demo.title)) continue;
      const { comments, interested, ...body } = demo;
      const idea = await ctx.api<Idea>('POST', '/api/ideas', { token: author.token, body });
      created += 1;
      // Ideas are cross-college: others from both colleges comment and show interest.
      const others = everyone.filter((student) => student.user.id !== author.user.id);
      for (const [commentIndex, content] of comments.entries()) {
        const commenter = others[(commentIndex + index) % others.length] ?? author;
        await ctx.api('POST', `/api/ideas/${idea.id}/comments`, { token: commenter.token, body: { content } });
      }
      for (const student of others.slice(0, interested)) {
        await ctx.api('POST', `/api/ideas/${idea.id}/interest`, { token: student.token });
      }
    }
  }
  return created;
}

async function seedPolls(ctx: SeedContext, groups: DemoStudent[][]): Promise<number> {
  let created = 0;
  for (const [index, students] of groups.entries()) {
    const existing = await ctx.api<Poll[]>('GET', '/api/polls/all', { token: students[0]!.token });
    for (const [pollIndex, demo] of DEMO_POLLS[index]!.entries()) {
      if (existing.some((poll) => poll.question === demo.question)) continue;
      const author = students[pollIndex % students.length]!;
      const poll = await ctx.api<Poll>('POST', '/api/polls', {
        token: author.token,
        body: { question: demo.question, description: demo.description, options: demo.options, topicId: 1 },
      });
      created += 1;
      for (const [studentIndex, optionIndex] of demo.votes.entries()) {
        const voter = students[studentIndex];
        if (voter) await ctx.api('POST', `/api/polls/${poll.id}/vote`, { token: voter.token, body: { optionIndex } });
      }
    }
  }
  return created;
}

async function seed(ctx: SeedContext): Promise<void> {
  if (ctx.tokens.size === 0) {
    console.warn('[seed] ideas-polls: no demo users (the auth seed stores their tokens); nothing to do');
    return;
  }
  const colleges = new Map<string, DemoStudent[]>();
  for (const token of ctx.tokens.values()) {
    const user = await ctx.api<User | null>('GET', '/api/auth/user', { token });
    if (!user || user.isAdmin || !user.collegeId) continue;
    colleges.set(user.collegeId, [...(colleges.get(user.collegeId) ?? []), { user, token }]);
  }
  const groups = [...colleges.values()].slice(0, 2);
  // The forum seed ran before and waited until the forum knew every demo student.
  const ideas = await seedIdeas(ctx, groups, groups.flat());
  const polls = await seedPolls(ctx, groups);
  console.log(`[seed] ideas-polls: ${ideas} ideas and ${polls} polls created`);
}

export const ideasPollsSeed = { name: 'ideas-polls', seed };
