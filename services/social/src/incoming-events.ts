import { type EventHandler, type ServiceRuntime, runAccountDeletion, runUserDirectory } from '@quad/common';
import { forgetSocialUser } from './domain/account-deletion';
import type { Config } from './config';
import { socialContext } from './domain/context';
import { recordMember } from './domain/members';

/**
 * What social consumes: the shared user directory, and from auth's user events also each user's
 * college (domain/members.ts), written before the directory entry so that a user the directory
 * knows is already searchable. What it publishes lives in domain/outgoing-events.ts.
 */
export async function startEventConsumers(runtime: ServiceRuntime<Config>): Promise<void> {
  const ctx = socialContext(runtime);
  const userEvent: EventHandler<'auth.user.registered' | 'auth.user.updated'> = async (event) => {
    await recordMember(ctx, event.data, event.occurredAt);
    await runtime.directory.apply(event.subject, event.data);
  };
  await runUserDirectory(runtime, { 'auth.user.registered': userEvent, 'auth.user.updated': userEvent });
  await runAccountDeletion(runtime, ({ userId }) => forgetSocialUser(ctx, userId));
}
