import { modelRegistry } from '@quad/common';
import { blockModel } from './block-model';
import { friendRequestModel } from './friend-request-model';
import { friendshipModel } from './friendship-model';
import { memberModel } from './member-model';

/** Every social model on one connection; registering them all lets ensureIndexes build every index at start. */
export const socialModels = modelRegistry({
  Friendship: friendshipModel,
  FriendRequest: friendRequestModel,
  Block: blockModel,
  Member: memberModel,
});
export type SocialModels = ReturnType<typeof socialModels>;
