/**
 * Subscriptions for the demo community, given the way an admin gives them: a manual subscription
 * by e-mail in the admin panel (POST /api/admin/manual-subscription), which the commerce service
 * announces to every service. Two more students show the paid path: Noah has no subscription (sign
 * in as him to see /subscription-required), and Amara has sent a Venmo payment that waits for the
 * admin's approval in the admin panel. Idempotent: active students and a pending or decided
 * request are left as they are.
 */
import type { AuthResponse, College, PaymentRequest, SubscriptionStatus } from '@quad/contracts';
import { DEMO_PASSWORD } from './auth';
import { confirmDemoAddresses } from './confirm';
import type { SeedContext } from './context';

interface ExtraStudent {
  email: string;
  firstName: string;
  lastName: string;
  college: 'MIT' | 'SU';
  label: string;
}

const WITHOUT_SUBSCRIPTION: ExtraStudent = {
  email: 'noah.fischer@mit.edu',
  firstName: 'Noah',
  lastName: 'Fischer',
  college: 'MIT',
  label: 'Noah Fischer (no subscription)',
};
const PAYMENT_PENDING: ExtraStudent = {
  email: 'amara.diallo@stanford.edu',
  firstName: 'Amara',
  lastName: 'Diallo',
  college: 'SU',
  label: 'Amara Diallo (payment pending)',
};

async function signUpOrIn(ctx: SeedContext, student: ExtraStudent, colleges: College[]): Promise<string> {
  const college = colleges.find((c) => c.initials === student.college);
  if (!college) throw new Error(`college ${student.college} is not in GET /api/colleges`);
  try {
    const { authToken } = await ctx.api<AuthResponse>('POST', '/api/register', {
      body: { email: student.email, password: DEMO_PASSWORD, firstName: student.firstName, lastName: student.lastName, college: college.id },
    });
    return authToken;
  } catch (err) {
    if (!(err instanceof Error && err.message.startsWith('409:'))) throw err;
    const { authToken } = await ctx.api<AuthResponse>('POST', '/api/login', { body: { email: student.email, password: DEMO_PASSWORD } });
    return authToken;
  }
}

/** Grants a year unless active, retrying while commerce has not heard of a new account yet. */
async function grantYear(ctx: SeedContext, adminToken: string, email: string, studentToken: string): Promise<void> {
  const status = await ctx.api<SubscriptionStatus>('GET', '/api/subscription-status', { token: studentToken });
  if (status.isActive) return;
  for (let attempt = 0; ; attempt++) {
    try {
      await ctx.api('POST', '/api/admin/manual-subscription', { token: adminToken, body: { userEmail: email, months: 12 } });
      return;
    } catch (err) {
      if (!(err instanceof Error && err.message.startsWith('404:')) || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Waits until the forum lets the student in (its directory follows commerce's event within moments). */
async function waitUntilMember(ctx: SeedContext, token: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${ctx.baseUrl}/api/topics`, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 402) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('a demo subscription never reached the forum');
}

async function seed(ctx: SeedContext): Promise<void> {
  const adminToken = ctx.tokens.get('admin');
  if (!adminToken) throw new Error('the commerce seed needs the admin from the auth seed');
  const students = [...ctx.tokens].filter(([email]) => email !== 'admin');
  for (const [email, token] of students) await grantYear(ctx, adminToken, email, token);
  for (const [, token] of students) await waitUntilMember(ctx, token);

  const colleges = await ctx.api<College[]>('GET', '/api/colleges');
  // Neither joins ctx.tokens: later modules act as the subscribed students only.
  await signUpOrIn(ctx, WITHOUT_SUBSCRIPTION, colleges);

  const amaraToken = await signUpOrIn(ctx, PAYMENT_PENDING, colleges);
  await confirmDemoAddresses([WITHOUT_SUBSCRIPTION.email, PAYMENT_PENDING.email]);
  const amara = await ctx.api<SubscriptionStatus>('GET', '/api/subscription-status', { token: amaraToken });
  const requests = await ctx.api<PaymentRequest[]>('GET', '/api/admin/payment-requests', { token: adminToken });
  const alreadySent = requests.some((request) => request.userEmail === PAYMENT_PENDING.email);
  if (!amara.isActive && !amara.pendingPayment && !alreadySent) {
    await ctx.api('POST', '/api/payments/submit', {
      token: amaraToken,
      body: { venmoUsername: '@amara-diallo', notes: 'Sent $10 from my Venmo on Monday', amount: '10' },
    });
  }

  for (const student of [WITHOUT_SUBSCRIPTION, PAYMENT_PENDING]) {
    ctx.logins.push({ label: student.label, email: student.email, password: DEMO_PASSWORD });
  }
}

export const commerceSeed = { name: 'commerce', seed };
