import { GROUP_LIMITS, isBlank, type ChatMessage, type GroupSummary } from '@quad/contracts';
import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { serverMessage } from '../../../api/api-error';
import { pickedImage } from '../../../lib/image-file';
import { usePresence } from '../../../lib/chat/use-chat-socket';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { StyledButtonLabel } from '../../../ui/button.styles';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { UsersIcon } from '../../../ui/icons';
import { useToast } from '../../../ui/toast';
import {
  useGetGroupMessagesQuery,
  useLeaveGroupMutation,
  useLoadOlderGroupMessagesMutation,
  useMarkGroupReadMutation,
  useRemoveGroupMemberMutation,
  useRemoveGroupPhotoMutation,
  useRenameGroupMutation,
  useSetGroupPhotoMutation,
  useSetGroupRoleMutation,
  useSendGroupMessageMutation,
} from '../groups-api';
import { useGroupTyping } from '../hooks/use-typing';
import {
  ConversationFrame,
  MessageThread,
  useMessageReport,
  useOpenConversation,
} from './conversation-frame';
import { Hint, IconButton, textBox } from './conversation-view.styles';
import { AddMembersDialog } from './group-dialogs';
import { GroupAvatar } from './group-list';
import { media, space } from '../../../app/theme';
import { bindValue } from '../../../ui/bind-value';

const SenderName = styled.span`
  display: block;
  margin-bottom: ${({ theme }) => theme.spacing(0.5)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.primaryActive};
`;

const Collapsed = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  font-style: italic;
  color: ${({ theme }) => theme.colors.muted};
  button {
    font-style: normal;
  }
`;

const Members = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => theme.spacing(3, 4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.spacing(2)};
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(2, 3)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** A member's buttons: beside the name, or on a line of their own under it on a phone. */
const MemberActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-left: auto;
  ${media.down('sm')} {
    flex-basis: 100%;
    flex-wrap: nowrap;
    margin-top: -${({ theme }) => theme.spacing(2)};
    & > button {
      padding-inline: ${({ theme }) => theme.spacing(2)};
    }
  }
`;

const MemberName = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const RenameForm = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  input {
    ${textBox}
    height: ${space(9)};
  }
`;

const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
`;

export interface GroupConversationViewProps {
  myId: string;
  group: GroupSummary;
  onBack?: () => void;
  onClose?: () => void;
  /** After leaving: the screen goes back to its list. */
  onLeft?: () => void;
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

type GroupMember = GroupSummary['members'][number];

/** The members, with roles; the owner and admins rename, add and remove; the owner names admins and hands over; anyone leaves. */
function MembersPanel({ myId, group, onLeft }: { myId: string; group: GroupSummary; onLeft?: () => void }) {
  const me = group.members.find((member) => member.id === myId);
  const manages = me?.role === 'owner' || me?.role === 'admin';
  const [rename, { isLoading: isRenaming }] = useRenameGroupMutation();
  const [remove] = useRemoveGroupMemberMutation();
  const [leave, { isLoading: isLeaving }] = useLeaveGroupMutation();
  const [setRole, { isLoading: isChangingRole }] = useSetGroupRoleMutation();
  const [newOwner, setNewOwner] = useState<GroupMember | null>(null);
  const [name, setName] = useState(group.name);
  const presence = usePresence(group.members.map((member) => member.id));
  const [adding, setAdding] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [setPhoto, { isLoading: isUploading }] = useSetGroupPhotoMutation();
  const [removePhoto, { isLoading: isRemovingPhoto }] = useRemoveGroupPhotoMutation();
  const photoInputId = useId();
  const { toast } = useToast();
  const fail = (title: string, error: unknown) =>
    toast({ title, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });

  async function onPhotoChosen(event: ChangeEvent<HTMLInputElement>) {
    // Not an image or over 5 MB: refused here with a toast; the server sniffs the bytes anyway.
    const photo = pickedImage(event, toast);
    if (!photo) return;
    const result = await setPhoto({ groupId: group.id, photo });
    if ('error' in result) fail('Could not change the group photo', result.error);
    else toast({ title: 'Group photo updated' });
  }

  async function changeRole(member: GroupMember, role: 'owner' | 'admin' | 'member') {
    const result = await setRole({ groupId: group.id, userId: member.id, role });
    if ('error' in result) return fail('Could not change the member’s role', result.error);
    const name = fullName(member);
    const done = { owner: `${name} now owns ${group.name}`, admin: `${name} is now an admin`, member: `${name} is no longer an admin` };
    toast({ title: done[role] });
  }

  async function submitRename(event: FormEvent) {
    event.preventDefault();
    const result = await rename({ groupId: group.id, name });
    if ('error' in result) fail('Could not rename the group', result.error);
    else toast({ title: 'Group renamed' });
  }

  return (
    <Members aria-label="Group members">
      {manages && (
        <RenameForm onSubmit={submitRename}>
          <input aria-label="Group name" {...bindValue(name, setName)} maxLength={GROUP_LIMITS.name} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={isRenaming || isBlank(name) || name.trim() === group.name}
          >
            Rename
          </Button>
        </RenameForm>
      )}
      {manages && (
        <PhotoRow>
          <GroupAvatar name={group.name} photoUrl={group.photoUrl} size={48} />
          <StyledButtonLabel
            $variant="outline"
            $size="sm"
            htmlFor={photoInputId}
            aria-disabled={isUploading || undefined}
          >
            {isUploading ? 'Uploading...' : group.photoUrl ? 'Change photo' : 'Add photo'}
          </StyledButtonLabel>
          <input
            id={photoInputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            aria-label="Group photo"
            disabled={isUploading}
            onChange={(event) => void onPhotoChosen(event)}
          />
          {group.photoUrl && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={isRemovingPhoto}
              onClick={async () => {
                const result = await removePhoto(group.id);
                if ('error' in result) fail('Could not remove the group photo', result.error);
              }}
            >
              Remove photo
            </Button>
          )}
        </PhotoRow>
      )}
      <h3>{group.members.length} members</h3>
      <ul>
        {group.members.map((member) => {
          const removable =
            manages &&
            member.id !== myId &&
            member.role !== 'owner' &&
            (me?.role === 'owner' || member.role === 'member');
          return (
            <li key={member.id}>
              <Avatar
                person={member}
                size={32}
                online={member.id !== myId && (presence.get(member.id)?.isOnline ?? false)}
              />
              <MemberName>{member.id === myId ? `${fullName(member)} (you)` : fullName(member)}</MemberName>
              {member.role !== 'member' && (
                <Badge $variant={member.role === 'owner' ? 'primary' : 'default'}>
                  {member.role === 'owner' ? 'Owner' : 'Admin'}
                </Badge>
              )}
              {(removable || (me?.role === 'owner' && member.id !== myId)) && (
                <MemberActions>
                  {me?.role === 'owner' && member.id !== myId && (
                    <>
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        disabled={isChangingRole}
                        aria-label={member.role === 'admin' ? `Remove ${fullName(member)} as admin` : `Make ${fullName(member)} an admin`}
                        onClick={() => void changeRole(member, member.role === 'admin' ? 'member' : 'admin')}
                      >
                        {member.role === 'admin' ? 'Remove admin' : 'Make admin'}
                      </Button>
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        disabled={isChangingRole}
                        aria-label={`Make ${fullName(member)} the owner`}
                        onClick={() => setNewOwner(member)}
                      >
                        Make owner
                      </Button>
                    </>
                  )}
                  {removable && (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${fullName(member)}`}
                      onClick={async () => {
                        const result = await remove({ groupId: group.id, userId: member.id });
                        if ('error' in result) fail('Could not remove the member', result.error);
                      }}
                    >
                      Remove
                    </Button>
                  )}
                </MemberActions>
              )}
            </li>
          );
        })}
      </ul>
      <Actions>
        {manages && (
          <Button type="button" size="sm" variant="outline" onClick={() => setAdding(true)}>
            Add members
          </Button>
        )}
        <Button type="button" size="sm" variant="destructive" onClick={() => setConfirmLeave(true)}>
          Leave group
        </Button>
      </Actions>
      {manages && <AddMembersDialog group={group} open={adding} onOpenChange={setAdding} />}
      <ConfirmDialog
        open={newOwner !== null}
        onOpenChange={(open) => !open && setNewOwner(null)}
        title="Hand over the group"
        message={newOwner ? `Make ${fullName(newOwner)} the owner of ${group.name}? You will stay in it as an admin.` : ''}
        confirmLabel="Make owner"
        busy={isChangingRole}
        onConfirm={async () => {
          if (newOwner) await changeRole(newOwner, 'owner');
          setNewOwner(null);
        }}
      />
      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title="Leave group"
        message={`Leave ${group.name}? You will no longer get its messages.`}
        confirmLabel="Leave"
        busy={isLeaving}
        onConfirm={async () => {
          const result = await leave(group.id);
          setConfirmLeave(false);
          if ('error' in result) return fail('Could not leave the group', result.error);
          onLeft?.();
        }}
      />
    </Members>
  );
}

function typingText(names: string[]): string {
  if (names.length === 1) return `${names[0]} is typing...`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing...`;
  return 'Several people are typing...';
}

/** A group conversation: header with the members button, bubbles with sender names and "Seen by", typing, composer. */
export function GroupConversationView({ myId, group, onBack, onClose, onLeft }: GroupConversationViewProps) {
  const { data, isLoading } = useGetGroupMessagesQuery(group.id);
  const messages = data?.messages ?? [];
  const [loadOlder, { isLoading: isLoadingOlder }] = useLoadOlderGroupMessagesMutation();
  const [send] = useSendGroupMessageMutation();
  const [markRead] = useMarkGroupReadMutation();
  const { typingIds, notifyTyping } = useGroupTyping(group.id, myId, group.blockedMemberIds);
  const [showMembers, setShowMembers] = useState(false);
  const [shown, setShown] = useState<string[]>([]);
  const report = useMessageReport();
  const last = messages.at(-1);
  const nameOf = (userId: string) =>
    group.members.find((member) => member.id === userId)?.firstName ?? 'Someone';
  const typingNames = typingIds.map(nameOf);

  const { listRef, sendText } = useOpenConversation(
    group.id,
    `${last?.id ?? ''}|${typingIds.length}|${showMembers}`,
    (content) => send({ groupId: group.id, content }).unwrap(),
  );

  // Open and showing: everything up to the newest message is read (again for each new one from others).
  const newestFromOthers = [...messages].reverse().find((message) => message.senderId !== myId)?.id ?? null;
  const hasUnread = group.unreadCount > 0;
  useEffect(() => {
    if (newestFromOthers || hasUnread) void markRead(group.id);
  }, [newestFromOthers, hasUnread, group.id, markRead]);

  function content(message: ChatMessage, own: boolean): ReactNode {
    const sender = own ? null : (
      <SenderName>{`${message.sender.firstName} ${message.sender.lastName}`.trim()}</SenderName>
    );
    if (!group.blockedMemberIds.includes(message.senderId) || shown.includes(message.id)) {
      return (
        <>
          {sender}
          {message.content}
        </>
      );
    }
    return (
      <>
        {sender}
        <Collapsed>
          Message from a blocked student
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => setShown((ids) => [...ids, message.id])}
          >
            Show
          </Button>
        </Collapsed>
      </>
    );
  }

  let body: ReactNode;
  if (showMembers) body = <MembersPanel myId={myId} group={group} onLeft={onLeft} />;
  else if (isLoading) body = <Hint>Loading messages...</Hint>;
  else if (messages.length === 0) body = <Hint>No messages yet. Say hello to the group!</Hint>;
  else {
    body = (
      <MessageThread
        label={`Messages in ${group.name}`}
        listRef={listRef}
        messages={messages}
        myId={myId}
        olderCursor={data?.olderCursor}
        isLoadingOlder={isLoadingOlder}
        onLoadOlder={(cursor) => void loadOlder({ groupId: group.id, cursor })}
        content={content}
        ownStatus={(message) => (
          <>
            <span aria-hidden="true">·</span>
            <span>{message.seenBy ? `Seen by ${message.seenBy}` : 'Sent'}</span>
          </>
        )}
        othersStatus={(message) => report.reportLink(message, message.sender.firstName)}
      />
    );
  }

  return (
    <ConversationFrame
      label={`Group ${group.name}`}
      backLabel="Back to groups"
      onBack={onBack}
      onClose={onClose}
      avatar={<GroupAvatar name={group.name} photoUrl={group.photoUrl} size={36} />}
      title={group.name}
      status={group.members.map((member) => (member.id === myId ? 'You' : member.firstName)).join(', ')}
      actions={
        <IconButton
          type="button"
          onClick={() => setShowMembers((open) => !open)}
          aria-label={showMembers ? 'Back to messages' : 'Members'}
          aria-pressed={showMembers}
        >
          <UsersIcon />
        </IconButton>
      }
      typing={!showMembers && typingNames.length > 0 ? typingText(typingNames) : null}
      composer={
        showMembers ? undefined : { placeholder: `Message ${group.name}...`, onSend: sendText, notifyTyping }
      }
    >
      {body}
      {report.dialog}
    </ConversationFrame>
  );
}
