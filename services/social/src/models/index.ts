import type { Connection } from 'mongoose';
import { blockModel } from './block-model';
import { friendRequestModel } from './friend-request-model';
import { friendshipModel } from './friendship-model';
import { memberModel } from './member-model';

/** Every social model on one connection; registering them all lets ensureIndexes build every index at start. */
export function socialModels(db: Connection) {
  return {
    Friendship: friendshipModel(db),
    FriendRequest: friendRequestModel(db),
    Block: blockModel(db),
    Member: memberModel(db),
  };
}
export type SocialModels = ReturnType<typeof socialModels>;
