import { exported } from '@quad/common';
import type { ServiceExport } from '@quad/contracts';
import type { ChatContext } from './context';

/** Chat's part of a student's download: every message they sent and every message they received. */
export async function exportChatUser(ctx: ChatContext, userId: string): Promise<ServiceExport> {
  const { Message } = ctx.models;
  const [sent, received] = await Promise.all([Message.find({ senderId: userId }).lean(), Message.find({ receiverId: userId }).lean()]);
  return { records: { messagesSent: sent.map(exported), messagesReceived: received.map(exported) }, images: [] };
}
