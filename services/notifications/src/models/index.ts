import { blockModel, modelRegistry } from '@quad/common';
import { digestModel } from './digest-model';
import { participantModel, postCopyModel } from './discussion-model';
import { notificationModel } from './notification-model';
import { preferenceModel } from './preference-model';

/** Every notifications model on one connection; registering them all lets ensureIndexes build every index at start. */
export const notificationModels = modelRegistry({
  Notification: notificationModel,
  Preference: preferenceModel,
  PostCopy: postCopyModel,
  Participant: participantModel,
  Digest: digestModel,
  Block: blockModel,
});
export type NotificationModels = ReturnType<typeof notificationModels>;
