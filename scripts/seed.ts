/**
 * Demo data for `npm start`: a living community a newcomer can open at once. Runs every seed
 * module in order against the running gateway; each module is idempotent (skips what exists),
 * so a second start adds nothing twice. Prints the demo logins at the end.
 */
import { SERVICE_PORTS } from '@quad/contracts';
import { authSeed } from './seed/auth';
import { campusSeed } from './seed/campus';
import { commerceSeed } from './seed/commerce';
import { type SeedContext, createSeedContext } from './seed/context';
import { chatSeed } from './seed/chat';
import { forumSeed } from './seed/forum';
import { ideasPollsSeed } from './seed/ideas-polls';
import { socialSeed } from './seed/social';
import { moderationSeed } from './seed/moderation';
import { notificationsSeed } from './seed/notifications';

type SeedModule = { name: string; seed: (ctx: SeedContext) => Promise<void> };

// Later features append their module here; order matters (users before their posts).
const MODULES: SeedModule[] = [
  authSeed,
  // Named admins and 2,000 generated students, so the admin panel's tables page: after auth.
  campusSeed,
  // Subscriptions for the demo students: after auth (their tokens), before forum (posting is gated).
  commerceSeed,
  // forum needs the demo users' tokens: it must stay AFTER the auth module.
  forumSeed,
  // social needs the demo users' tokens too: after auth.
  socialSeed,
  // moderation reports a demo post: after forum.
  moderationSeed,
  // ideas and polls need the demo users' tokens, and the forum to know them (the forum seed waits for that).
  ideasPollsSeed,
  // chat's demo conversations: after auth (tokens) and social (friendships).
  chatSeed,
  // notifications come from the writes above (comments, requests, chats); last, so it can wait for them.
  notificationsSeed,
];

async function main() {
  const ctx = createSeedContext(`http://127.0.0.1:${process.env.GATEWAY_PORT ?? SERVICE_PORTS.gateway}`);
  for (const module of MODULES) {
    await module.seed(ctx);
    console.log(`[seed] ${module.name} done`);
  }
  if (ctx.logins.length > 0) {
    console.log('\nDemo logins:');
    for (const login of ctx.logins) console.log(`  ${login.label.padEnd(28)} ${login.email ?? ''}  ${login.password}`);
  }
}

main().catch((err) => {
  console.error('[seed] failed:', err);
  process.exit(1);
});
