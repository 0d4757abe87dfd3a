import mongoose from 'mongoose';
import { directoryModel } from '../user-directory';
import type { ServiceRuntime } from '../runtime';
import { testToken, waitFor } from './helpers';

/** A user as tests make them: an id, a token, and the names the directory shows. */
export interface TestUser {
  id: string;
  token: string;
  firstName: string;
  lastName: string;
  /** Unique per user (the id is in it), so e-mails read back from the SMTP catcher are theirs. */
  email: string;
  collegeId: string | null;
}

let userCounter = 0;

/**
 * A student (or admin) as the platform makes one: auth announces the user and commerce the
 * subscription, on NATS; resolves once the runtime's directory copy has applied both.
 */
export async function announceTestUser(
  runtime: ServiceRuntime,
  options: {
    collegeId: string | null;
    subscribed?: boolean;
    isAdmin?: boolean;
    firstName?: string;
    lastName?: string;
    /** Whether the address is confirmed (default true): false makes a read-only account, as before its link is opened. */
    confirmed?: boolean;
  },
): Promise<TestUser> {
  const id = new mongoose.Types.ObjectId().toHexString();
  userCounter += 1;
  const firstName = options.firstName ?? `Student${userCounter}`;
  const lastName = options.lastName ?? 'Tester';
  const email = `${firstName.toLowerCase()}.${id}@example.edu`;
  await runtime.publisher.publish('auth.user.registered', {
    userId: id,
    version: 0,
    firstName,
    lastName,
    email,
    profileColor: '#10B981',
    profileImageUrl: null,
    collegeId: options.collegeId,
    collegeName: options.collegeId ? `College ${options.collegeId}` : null,
    collegeInitials: options.collegeId ? 'TC' : null,
    major: 'Testing',
    graduationYear: 2027,
    isAdmin: options.isAdmin ?? false,
    emailConfirmed: options.confirmed ?? true,
    isVerified: options.confirmed ?? true,
  });
  const subscribed = options.subscribed ?? true;
  if (subscribed) {
    await runtime.publisher.publish('commerce.subscription.updated', {
      userId: id,
      version: 0,
      subscriptionExpiresAt: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
    });
  }
  const Directory = directoryModel(runtime.db);
  await waitFor(async () => {
    const entry = await Directory.findById(id).lean();
    // The auth and commerce streams are consumed independently: wait for both to be applied.
    return entry && entry.authVersion >= 0 && (!subscribed || entry.subscriptionExpiresAt);
  });
  return {
    id,
    token: testToken({ userId: id, collegeId: options.collegeId, isAdmin: options.isAdmin }),
    firstName,
    lastName,
    email,
    collegeId: options.collegeId,
  };
}
