import type { Connection } from 'mongoose';
import { type BlockModel, blockModel } from './block-model';
import { type ChatModel, chatModel } from './chat-model';
import { type MessageModel, messageModel } from './message-model';
import { type ReadMarkModel, readMarkModel } from './read-mark-model';

export interface ChatModels {
  Chat: ChatModel;
  Message: MessageModel;
  ReadMark: ReadMarkModel;
  Block: BlockModel;
}

export function chatModels(db: Connection): ChatModels {
  return { Chat: chatModel(db), Message: messageModel(db), ReadMark: readMarkModel(db), Block: blockModel(db) };
}
