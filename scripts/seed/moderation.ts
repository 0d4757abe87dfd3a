/**
 * Demo moderation: a pending report on a real demo post, and a banned demo student who has
 * appealed, so the 'Reports & Bans' page and the suspension screen have something to show. All
 * through the gateway's API as the demo users (tokens from the auth seed). Idempotent: a report
 * already filed by the reporter, or a ban this student already had, is not made again.
 */
import type { AuthResponse, MyAppealResponse, MyReport, Post, Topic, User } from '@quad/contracts';
import { DEMO_PASSWORD } from './auth';
import { confirmDemoAddresses } from './confirm';
import type { SeedContext } from './context';

const REPORTER_EMAIL = 'jordan.okafor@mit.edu';
const REPORTED_POST = { topic: 'Marketplace', title: 'Selling calculus textbook, barely used' };

/** A student of the demo college who keeps breaking the rules; not one of the six, so the other seeds never use a banned token. */
const BANNED_STUDENT = {
  email: 'tyler.brooks@mit.edu',
  firstName: 'Tyler',
  lastName: 'Brooks',
  college: 'MIT',
};
const BAN = { reason: 'Repeated spam in Marketplace after a warning', banDuration: 720 };
const APPEAL =
  'I did not realise posting the same listing in several topics counted as spam. I have deleted the extra posts and will only post once from now on.';

const isConflict = (err: unknown) => err instanceof Error && err.message.startsWith('409:');

async function fileDemoReport(ctx: SeedContext): Promise<void> {
  const token = ctx.tokens.get(REPORTER_EMAIL);
  if (!token) return;
  const me = await ctx.api<User>('GET', '/api/auth/user', { token });
  const topics = await ctx.api<Topic[]>('GET', '/api/topics', { token });
  const topic = topics.find((t) => t.name === REPORTED_POST.topic);
  if (!topic) return;
  const posts = await ctx.api<Post[]>('GET', `/api/posts?topicId=${topic.id}&limit=50`, { token });
  const post = posts.find((p) => p.title === REPORTED_POST.title && p.authorId !== me.id);
  if (!post) return;
  const mine = await ctx.api<MyReport[]>('GET', '/api/reports/mine', { token });
  if (mine.some((report) => report.contentId === post.id)) return;
  try {
    await ctx.api('POST', '/api/reports', {
      token,
      body: {
        type: 'post',
        contentId: post.id,
        reportedUserId: post.authorId,
        reason: 'Spam',
        description: 'The same textbook listing is posted in three different topics.',
      },
    });
  } catch (err) {
    if (!isConflict(err)) throw err;
  }
}

async function banAndAppeal(ctx: SeedContext, adminToken: string): Promise<void> {
  const colleges = await ctx.api<Array<{ id: string; initials: string }>>('GET', '/api/colleges');
  const college = colleges.find((c) => c.initials === BANNED_STUDENT.college);
  if (!college) return;
  const { email, firstName, lastName } = BANNED_STUDENT;
  let session: AuthResponse;
  try {
    session = await ctx.api<AuthResponse>('POST', '/api/register', {
      body: { email, password: DEMO_PASSWORD, firstName, lastName, college: college.id },
    });
  } catch (err) {
    if (!isConflict(err)) throw err;
    session = await ctx.api<AuthResponse>('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
  }
  await confirmDemoAddresses([email]);
  ctx.logins.push({ label: `${firstName} ${lastName} (banned, appealed)`, email, password: DEMO_PASSWORD });

  // Any earlier ban (in force, lifted or ended) means this was seeded before: leave it as the admins left it.
  const state = await ctx.api<MyAppealResponse>('GET', '/api/appeals/mine', { token: session.authToken });
  if (state.suspension || state.appeal) return;
  const userId = session.user.id;
  // Moderation learns of a new student from auth's event: a moment after sign-up it may not know them yet.
  for (let attempt = 0; ; attempt++) {
    try {
      await ctx.api('POST', '/api/admin/ban-user', { token: adminToken, body: { userId, ...BAN } });
      break;
    } catch (err) {
      if (!(err instanceof Error && err.message.startsWith('404:')) || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await ctx.api('POST', '/api/appeals', { token: session.authToken, body: { message: APPEAL } });
}

async function seed(ctx: SeedContext): Promise<void> {
  const adminToken = ctx.tokens.get('admin');
  await fileDemoReport(ctx);
  if (adminToken) await banAndAppeal(ctx, adminToken);
}

export const moderationSeed = { name: 'moderation', seed };
