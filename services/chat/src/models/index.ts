import type { Connection } from 'mongoose';
import { type BlockModel, blockModel } from '@quad/common';
import { type ChatModel, chatModel } from './chat-model';
import { type FriendshipModel, friendshipModel } from './friendship-model';
import { type GroupModel, groupModel } from './group-model';
import { type MessageModel, messageModel } from './message-model';
import { type MessageReportModel, messageReportModel } from './message-report-model';
import { type ReadMarkModel, readMarkModel } from './read-mark-model';

export interface ChatModels {
  Chat: ChatModel;
  Message: MessageModel;
  ReadMark: ReadMarkModel;
  Block: BlockModel;
  Group: GroupModel;
  Friendship: FriendshipModel;
  MessageReport: MessageReportModel;
}

export function chatModels(db: Connection): ChatModels {
  return {
    Chat: chatModel(db),
    Message: messageModel(db),
    ReadMark: readMarkModel(db),
    Block: blockModel(db),
    Group: groupModel(db),
    Friendship: friendshipModel(db),
    MessageReport: messageReportModel(db),
  };
}
