import { exported } from '@quad/common';
import type { ServiceExport } from '@quad/contracts';
import type { ChatContext } from './context';
import { dropPhoto } from './groups';
import { messageReportsBy } from './lists';

/**
 * Chat's part of a student's download: every message they sent and every message they received,
 * the messages they reported, and the group photos they set (with the images).
 */
export async function exportChatUser(ctx: ChatContext, userId: string): Promise<ServiceExport> {
  const { Message, Group } = ctx.models;
  const [sent, received, reports, groups] = await Promise.all([
    Message.find({ senderId: userId }).lean(),
    Message.find({ receiverId: userId }).lean(),
    ctx.messageReports.all(messageReportsBy(userId)),
    Group.find({ photoUploadedBy: userId }).lean(),
  ]);
  return {
    records: {
      messagesSent: sent.map(exported),
      messagesReceived: received.map(exported),
      messagesReported: reports.map(({ reportId, messageId, createdAt }) => ({ reportId, messageId, createdAt })),
      groupPhotosSet: groups.map((group) => ({ groupId: group._id, groupName: group.name, photoUrl: group.photoUrl })),
    },
    images: groups.flatMap((group) => (group.photoUrl ? [group.photoUrl.replace(/^\/media\//, '')] : [])),
  };
}

/**
 * A deleted account: the group photos they set go (the groups show their initials again) and so do
 * their marks of reported messages (moderation forgets the reports themselves). Their messages stay
 * in the others' histories, from "Deleted user". Safe to run again: each step removes what is left.
 */
export async function forgetChatUser(ctx: ChatContext, userId: string): Promise<void> {
  const groups = await ctx.models.Group.find({ photoUploadedBy: userId }).lean();
  for (const group of groups) await dropPhoto(ctx, group, (current) => current.photoUploadedBy === userId);
  for (const report of await ctx.messageReports.all(messageReportsBy(userId))) await ctx.messageReports.remove(report._id);
}
