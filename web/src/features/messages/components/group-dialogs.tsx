import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { GROUP_LIMITS, GROUP_NAME_REQUIRED, isBlank, type Friend, type GroupSummary } from '@quad/contracts';
import { serverMessage } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Dialog } from '../../../ui/dialog';
import { Input } from '../../../ui/input';
import { useToast } from '../../../ui/toast';
import { useGetFriendsQuery } from '../../friends';
import { useAddGroupMembersMutation, useCreateGroupMutation } from '../groups-api';
import { bindValue } from '../../../ui/bind-value';

const Friends = styled.fieldset`
  margin: ${({ theme }) => theme.spacing(3, 0, 0)};
  padding: 0;
  border: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  max-height: 16rem;
  overflow-y: auto;
  legend {
    margin-bottom: ${({ theme }) => theme.spacing(2)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.spacing(3, 0, 0)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

function FriendChoices({
  friends,
  chosen,
  onToggle,
}: {
  friends: Friend[];
  chosen: string[];
  onToggle: (id: string) => void;
}) {
  if (friends.length === 0) return <Note>No friends to add. Add friends from your college first.</Note>;
  return (
    <Friends>
      <legend>Friends</legend>
      {friends.map((friend) => (
        <Checkbox
          key={friend.id}
          label={`${friend.firstName} ${friend.lastName}`.trim()}
          checked={chosen.includes(friend.id)}
          onChange={() => onToggle(friend.id)}
        />
      ))}
    </Friends>
  );
}

const toggled = (list: string[], id: string) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

interface FriendPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The form's id, for its submit button in the dialog's footer. */
  formId: string;
  friends: Friend[];
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  canSubmit?: boolean;
  /** Sends the friends chosen: resolves to why it was refused, or null once done (the dialog closes). */
  onSubmit: (chosen: string[]) => Promise<string | null>;
  /** Clears the dialog's own fields when it closes. */
  onReset?: () => void;
  /** Fields above the friends (the group's name). */
  children?: ReactNode;
}

/** A dialog choosing some of the caller's friends, saying in it why the server refused. */
function FriendPickerDialog({
  open,
  onOpenChange,
  title,
  description,
  formId,
  friends,
  busy,
  submitLabel,
  busyLabel,
  canSubmit = true,
  onSubmit,
  onReset,
  children,
}: FriendPickerDialogProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  function close(next: boolean) {
    if (!next) {
      onReset?.();
      setChosen([]);
      setProblem(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = await onSubmit(chosen);
    if (refused) setProblem(refused);
    else close(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy || !canSubmit}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {children}
        <FriendChoices
          friends={friends}
          chosen={chosen}
          onToggle={(id) => setChosen((list) => toggled(list, id))}
        />
        {problem && <Problem role="alert">{problem}</Problem>}
      </form>
    </Dialog>
  );
}

/** New group: a name and at least two friends (the server says why when it refuses). */
export function CreateGroupDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (group: GroupSummary) => void;
}) {
  const { data: friends = [] } = useGetFriendsQuery(undefined, { skip: !open });
  const [create, { isLoading }] = useCreateGroupMutation();
  const [name, setName] = useState('');
  const needed = GROUP_LIMITS.minMembers - 1;

  async function submit(chosen: string[]) {
    if (isBlank(name)) return GROUP_NAME_REQUIRED;
    if (chosen.length < needed) return `Choose at least ${needed} friends.`;
    const result = await create({ name: name.trim(), memberIds: chosen });
    if ('error' in result)
      return serverMessage(result.error) ?? 'Could not create the group. Please try again.';
    onCreated(result.data);
    return null;
  }

  return (
    <FriendPickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New group"
      description={`A group chat with ${needed} to ${GROUP_LIMITS.maxMembers - 1} of your friends.`}
      formId="create-group-form"
      friends={friends}
      busy={isLoading}
      submitLabel="Create group"
      busyLabel="Creating..."
      onSubmit={submit}
      onReset={() => setName('')}
    >
      <Input
        label="Group name"
        {...bindValue(name, setName)}
        maxLength={GROUP_LIMITS.name}
        placeholder="e.g. Algorithms study group"
      />
    </FriendPickerDialog>
  );
}

/** Add members: the caller's friends not yet in the group. */
export function AddMembersDialog({
  group,
  open,
  onOpenChange,
}: {
  group: GroupSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data: friends = [] } = useGetFriendsQuery(undefined, { skip: !open });
  const [add, { isLoading }] = useAddGroupMembersMutation();
  const { toast } = useToast();
  const inGroup = new Set(group.members.map((member) => member.id));
  const candidates = friends.filter((friend) => !inGroup.has(friend.id));

  async function submit(chosen: string[]) {
    if (chosen.length === 0) return 'Choose at least one friend to add.';
    const result = await add({ groupId: group.id, memberIds: chosen });
    if ('error' in result) return serverMessage(result.error) ?? 'Could not add them. Please try again.';
    toast({ title: chosen.length === 1 ? 'Member added' : 'Members added' });
    return null;
  }

  return (
    <FriendPickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Add to ${group.name}`}
      formId="add-members-form"
      friends={candidates}
      busy={isLoading}
      submitLabel="Add"
      busyLabel="Adding..."
      canSubmit={candidates.length > 0}
      onSubmit={submit}
    />
  );
}
