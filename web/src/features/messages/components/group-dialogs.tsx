import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { GROUP_LIMITS, type Friend, type GroupSummary } from '@quad/contracts';
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
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const needed = GROUP_LIMITS.minMembers - 1;

  function close(next: boolean) {
    if (!next) {
      setName('');
      setChosen([]);
      setProblem(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setProblem('Group name is required.');
    if (chosen.length < needed) return setProblem(`Choose at least ${needed} friends.`);
    const result = await create({ name: name.trim(), memberIds: chosen });
    if ('error' in result)
      return setProblem(serverMessage(result.error) ?? 'Could not create the group. Please try again.');
    close(false);
    onCreated(result.data);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="New group"
      description={`A group chat with ${needed} to ${GROUP_LIMITS.maxMembers - 1} of your friends.`}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="create-group-form" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create group'}
          </Button>
        </>
      }
    >
      <form id="create-group-form" onSubmit={submit} noValidate>
        <Input
          label="Group name"
          {...bindValue(name, setName)}
          maxLength={GROUP_LIMITS.name}
          placeholder="e.g. Algorithms study group"
        />
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
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const inGroup = new Set(group.members.map((member) => member.id));
  const candidates = friends.filter((friend) => !inGroup.has(friend.id));

  function close(next: boolean) {
    if (!next) {
      setChosen([]);
      setProblem(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) return setProblem('Choose at least one friend to add.');
    const result = await add({ groupId: group.id, memberIds: chosen });
    if ('error' in result)
      return setProblem(serverMessage(result.error) ?? 'Could not add them. Please try again.');
    toast({ title: chosen.length === 1 ? 'Member added' : 'Members added' });
    close(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Add to ${group.name}`}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="add-members-form" disabled={isLoading || candidates.length === 0}>
            {isLoading ? 'Adding...' : 'Add'}
          </Button>
        </>
      }
    >
      <form id="add-members-form" onSubmit={submit} noValidate>
        <FriendChoices
          friends={candidates}
          chosen={chosen}
          onToggle={(id) => setChosen((list) => toggled(list, id))}
        />
        {problem && <Problem role="alert">{problem}</Problem>}
      </form>
    </Dialog>
  );
}
