/**
 * Demo students and an anonymous admin, made through the gateway's public API like a person
 * would, so the seed exercises the real sign-up path. Safe to run on every start: a student who
 * exists is signed in instead, and profiles are only edited when they differ.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AuthResponse, AdminAuthResponse, College, Profile, User } from '@quad/contracts';
import { INFRA_DIR } from '../dev-env';
import { confirmDemoAddresses } from './confirm';
import type { SeedContext } from './context';

export const DEMO_PASSWORD = 'quad-demo-2026';

interface DemoStudent {
  email: string;
  firstName: string;
  lastName: string;
  college: 'MIT' | 'SU';
  major: string;
  graduationYear: number;
  bio: string;
  interests: string[];
  profileColor: string;
  tutorialCompleted?: boolean;
}

const STUDENTS: DemoStudent[] = [
  {
    email: 'maya.chen@mit.edu',
    firstName: 'Maya',
    lastName: 'Chen',
    college: 'MIT',
    major: 'Computer Science',
    graduationYear: 2027,
    bio: 'Course 6-3. I build tiny robots and bigger side projects. Ask me about the hackathon this spring.',
    interests: ['Computer Science', 'Technology', 'Music'],
    profileColor: '#8B5CF6',
    tutorialCompleted: true,
  },
  {
    email: 'jordan.okafor@mit.edu',
    firstName: 'Jordan',
    lastName: 'Okafor',
    college: 'MIT',
    major: 'Mechanical Engineering',
    graduationYear: 2026,
    bio: 'Formula SAE powertrain lead. Early-morning rower, late-night CAD.',
    interests: ['Engineering', 'Sports', 'Fitness'],
    profileColor: '#10B981',
  },
  {
    email: 'priya.raman@mit.edu',
    firstName: 'Priya',
    lastName: 'Raman',
    college: 'MIT',
    major: 'Biological Engineering',
    graduationYear: 2028,
    bio: 'Pre-med, working in a synthetic biology lab. Always looking for a study group for 7.05.',
    interests: ['Medicine', 'Science', 'Reading'],
    profileColor: '#EC4899',
  },
  {
    email: 'lucas.moreau@mit.edu',
    firstName: 'Lucas',
    lastName: 'Moreau',
    college: 'MIT',
    major: 'Physics',
    graduationYear: 2027,
    bio: 'Exchange student from Lyon. Astrophotography on clear nights, cooking for friends on the rest.',
    interests: ['Science', 'Photography', 'Cooking'],
    profileColor: '#F59E0B',
  },
  {
    email: 'sofia.alvarez@stanford.edu',
    firstName: 'Sofia',
    lastName: 'Alvarez',
    college: 'SU',
    major: 'Economics',
    graduationYear: 2026,
    bio: 'Writing for the Daily on campus policy. Running a small microfinance club.',
    interests: ['Business', 'Politics', 'Writing'],
    profileColor: '#EF4444',
  },
  {
    email: 'ethan.park@stanford.edu',
    firstName: 'Ethan',
    lastName: 'Park',
    college: 'SU',
    major: 'Symbolic Systems',
    graduationYear: 2028,
    bio: 'Game jams, film club and too many group chats. Happy to review your pitch deck.',
    interests: ['Gaming', 'Technology', 'Movies'],
    profileColor: '#14B8A6',
  },
];

const isConflict = (err: unknown) => err instanceof Error && err.message.startsWith('409:');

async function signUpOrIn(ctx: SeedContext, student: DemoStudent, collegeId: string): Promise<AuthResponse> {
  const { email, firstName, lastName } = student;
  try {
    return await ctx.api<AuthResponse>('POST', '/api/register', {
      body: { email, password: DEMO_PASSWORD, firstName, lastName, college: collegeId },
    });
  } catch (err) {
    if (!isConflict(err)) throw err;
    return ctx.api<AuthResponse>('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
  }
}

/** Fills in major, bio, year, interests and colour through the Edit Profile call, unless already so. */
async function completeProfile(ctx: SeedContext, token: string, student: DemoStudent): Promise<void> {
  const profile = await ctx.api<Profile>('GET', '/api/profile', { token });
  const upToDate =
    profile.major === student.major &&
    profile.bio === student.bio &&
    profile.graduationYear === student.graduationYear &&
    profile.profileColor === student.profileColor &&
    JSON.stringify(profile.interests) === JSON.stringify(student.interests);
  if (!upToDate) {
    const form = new FormData();
    form.set('firstName', student.firstName);
    form.set('lastName', student.lastName);
    form.set('bio', student.bio);
    form.set('major', student.major);
    form.set('graduationYear', String(student.graduationYear));
    form.set('interests', JSON.stringify(student.interests));
    form.set('profileColor', student.profileColor);
    await ctx.api<User>('POST', '/api/profile/update', { token, form });
  }
}

// The anonymous admin path makes a new account on every call, so the seed keeps its admin token
// in the git-ignored .infra folder (beside the dev signing keys) and reuses it while it is valid.
const ADMIN_TOKEN_FILE = path.join(INFRA_DIR, 'seed', 'admin-token');

async function anonymousAdmin(ctx: SeedContext): Promise<string> {
  if (existsSync(ADMIN_TOKEN_FILE)) {
    const saved = readFileSync(ADMIN_TOKEN_FILE, 'utf8').trim();
    const user = await ctx.api<User>('GET', '/api/auth/user', { token: saved }).catch(() => null);
    if (user?.isAnonymousAdmin) return saved;
  }
  const adminPassword = process.env.ADMIN_PASSWORD;
  if (!adminPassword) throw new Error('ADMIN_PASSWORD is not set');
  const { adminToken } = await ctx.api<AdminAuthResponse>('POST', '/api/register-admin', {
    body: { adminPassword, operator: 'demo-seed' },
  });
  mkdirSync(path.dirname(ADMIN_TOKEN_FILE), { recursive: true, mode: 0o700 });
  writeFileSync(ADMIN_TOKEN_FILE, adminToken, { mode: 0o600 });
  return adminToken;
}

async function seed(ctx: SeedContext): Promise<void> {
  const colleges = await ctx.api<College[]>('GET', '/api/colleges');
  const collegeId = (initials: string) => {
    const college = colleges.find((c) => c.initials === initials);
    if (!college) throw new Error(`college ${initials} is not in GET /api/colleges`);
    return college.id;
  };

  for (const student of STUDENTS) {
    const { authToken, user } = await signUpOrIn(ctx, student, collegeId(student.college));
    await completeProfile(ctx, authToken, student);
    if (student.tutorialCompleted && !user.tutorialCompleted) {
      await ctx.api('POST', '/api/tutorial/complete', { token: authToken });
    }
    ctx.tokens.set(student.email, authToken);
    ctx.logins.push({
      label: `${student.firstName} ${student.lastName} (${student.college})`,
      email: student.email,
      password: DEMO_PASSWORD,
    });
  }

  // As if each had opened the link e-mailed at sign-up: the demo students post, comment and message.
  await confirmDemoAddresses(STUDENTS.map((student) => student.email));
  ctx.tokens.set('admin', await anonymousAdmin(ctx));
  ctx.logins.push({ label: 'Anonymous admin (Admin tab)', password: process.env.ADMIN_PASSWORD ?? '' });
}

export const authSeed = { name: 'auth', seed };
