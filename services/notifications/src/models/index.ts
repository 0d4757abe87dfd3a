import type { Connection } from 'mongoose';
import { blockModel } from '@quad/common';
import { digestModel } from './digest-model';
import { participantModel, postCopyModel } from './discussion-model';
import { notificationModel } from './notification-model';
import { preferenceModel } from './preference-model';

/** Every notifications model on one connection; registering them all lets ensureIndexes build every index at start. */
export function notificationModels(db: Connection) {
  return {
    Notification: notificationModel(db),
    Preference: preferenceModel(db),
    PostCopy: postCopyModel(db),
    Participant: participantModel(db),
    Digest: digestModel(db),
    Block: blockModel(db),
  };
}
export type NotificationModels = ReturnType<typeof notificationModels>;
