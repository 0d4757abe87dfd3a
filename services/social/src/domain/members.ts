import { HttpError } from '@quad/common';
import type { DirectoryUser } from '@quad/contracts';
import type { SocialContext } from './context';

/**
 * Records a user's college from auth's user event (registered or updated). Ordered by auth's
 * version: a repeated, late or concurrently delivered event changes nothing. A change of college
 * moves the user between the colleges' member lists (the repository mirrors it).
 */
export async function recordMember(
  ctx: SocialContext,
  user: DirectoryUser,
  occurredAt: string,
): Promise<void> {
  // A deleted account leaves search and suggestions (its membership is removed by the deletion too).
  if (user.deleted) {
    await ctx.members.remove(user.userId);
    return;
  }
  const fields = { collegeId: user.collegeId, isAdmin: user.isAdmin, authVersion: user.version };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await ctx.members.find(user.userId)) {
      await ctx.members.update(user.userId, (member) => (member.authVersion >= user.version ? null : fields));
      return;
    }
    try {
      await ctx.members.insert({ _id: user.userId, ...fields, createdAt: new Date(occurredAt) });
      return;
    } catch (err) {
      // Another replica stored it first: apply ours as an update on the next round.
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
}
