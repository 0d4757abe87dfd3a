import mongoose from 'mongoose';
import { isObjectId } from '@quad/common';
import type { AuthModels } from '../models';

/**
 * Keeps the user's subscription expiry as commerce last announced it. Versions order the events:
 * an older one arriving late changes nothing. Not republished: every service hears commerce itself.
 */
export async function applySubscription(
  models: AuthModels,
  change: { userId: string; version: number; subscriptionExpiresAt: string | null },
): Promise<void> {
  if (!isObjectId(change.userId)) return; // not an account of ours
  await models.User.updateOne(
    { _id: change.userId, subscriptionVersion: mongoose.trusted({ $lt: change.version }) },
    {
      $set: {
        subscriptionExpiresAt: change.subscriptionExpiresAt ? new Date(change.subscriptionExpiresAt) : null,
        subscriptionVersion: change.version,
      },
    },
  );
}
