import { blockModel, modelRegistry } from '@quad/common';
import { chatModel } from './chat-model';
import { friendshipModel } from './friendship-model';
import { groupModel } from './group-model';
import { messageModel } from './message-model';
import { messageReportModel } from './message-report-model';
import { readMarkModel } from './read-mark-model';

export const chatModels = modelRegistry({
  Chat: chatModel,
  Message: messageModel,
  ReadMark: readMarkModel,
  Block: blockModel,
  Group: groupModel,
  Friendship: friendshipModel,
  MessageReport: messageReportModel,
});
export type ChatModels = ReturnType<typeof chatModels>;
