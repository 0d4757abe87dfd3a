import {
  FRIEND_SEARCH_DEBOUNCE_MS,
  FRIEND_SEARCH_MIN_LENGTH,
  type Friend,
  type FriendRequest,
  type Person,
} from '@quad/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { usePresence } from '../../../lib/chat/use-chat-socket';
import { Badge } from '../../../ui/badge';
import { Button, type ButtonProps } from '../../../ui/button';
import { useConfirmation } from '../../../ui/use-confirmation';
import { SearchIcon, UserPlusIcon, UsersIcon } from '../../../ui/icons';
import { Input } from '../../../ui/input';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { Tabs } from '../../../ui/tabs';
import {
  useGetFriendRequestsQuery,
  useGetFriendSuggestionsQuery,
  useGetFriendsQuery,
  useSearchUsersQuery,
} from '../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFriendActions } from '../hooks/use-friend-actions';
import { AddFriendDialog } from './add-friend-dialog';
import { CardList } from './friend-card.styles';
import { FriendCard } from './friend-card';
import {
  Hint,
  IncomingBadge,
  Panel,
  SearchRow,
  Section,
  SectionTitle,
  TabLabel,
} from './friends-page.styles';

type Tab = 'friends' | 'requests' | 'suggestions' | 'search';

interface PersonButton {
  label: string;
  variant?: ButtonProps['variant'];
  /** Disabled while another friendship change is being sent. */
  waits?: boolean;
  run: () => void;
}

/** A tab's students: a spinner while they load, its empty state, or their cards. */
function PeoplePanel<T>({
  label,
  loading,
  people,
  empty,
  renderCard,
}: {
  label: string;
  loading: boolean;
  people: T[];
  empty: ComponentProps<typeof EmptyState>;
  renderCard: (person: T) => ReactNode;
}) {
  if (loading) return <Spinner label="Loading" />;
  if (people.length === 0) return <EmptyState {...empty} />;
  return <CardList aria-label={label}>{people.map(renderCard)}</CardList>;
}

/** A card's buttons, each named with the student for screen readers ('Remove Ada Lovelace'). */
function PersonButtons({
  person,
  buttons,
  busy,
}: {
  person: Person;
  buttons: PersonButton[];
  busy: boolean;
}) {
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <>
      {buttons.map((button) => (
        <Button
          key={button.label}
          size="sm"
          variant={button.variant}
          disabled={button.waits && busy}
          onClick={button.run}
          aria-label={`${button.label} ${name}`}
        >
          {button.label}
        </Button>
      ))}
    </>
  );
}

/** The local Friends list filter: by name or college (spec section 5). */
export function matchesFriend(
  friend: Pick<Friend, 'firstName' | 'lastName' | 'college'>,
  text: string,
): boolean {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [friend.firstName, friend.lastName, `${friend.firstName} ${friend.lastName}`, friend.college].some(
    (value) => value.toLocaleLowerCase().includes(needle),
  );
}

/**
 * /friends (spec section 2): a search box; tabs Friends, Requests (red badge for incoming
 * requests), Suggestions and Search, each with its count; cards with the actions each tab offers;
 * the Add Friend dialog.
 */
export function FriendsPage() {
  const [tab, setTab] = useState<Tab>('friends');
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const actions = useFriendActions();
  const blocking = useConfirmation<Person>({
    title: (person) => `Block ${person.firstName} ${person.lastName}?`,
    message:
      'They will no longer be your friend, cannot message you or send you requests, and neither of you will find the other. You can unblock them in Settings.',
    confirmLabel: 'Block',
    busy: actions.busy,
    closeAtOnce: true,
    onConfirm: (person) => actions.blockUser(person),
  });

  const friends = useGetFriendsQuery();
  // Social does not know who is online; chat's presence does.
  const presence = usePresence((friends.data ?? []).map((friend) => friend.id));
  const requests = useGetFriendRequestsQuery();
  const suggestions = useGetFriendSuggestionsQuery();
  const query = useDebouncedValue(text.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  // The server search runs only with more than 2 characters (spec section 5).
  const canSearch = query.length >= FRIEND_SEARCH_MIN_LENGTH;
  const search = useSearchUsersQuery(canSearch ? query : skipToken);

  const incoming = useMemo(() => requests.data?.incoming ?? [], [requests.data]);
  const sent = requests.data?.sent ?? [];
  const incomingFrom = useMemo(
    () => new Map(incoming.map((request) => [request.senderId, request])),
    [incoming],
  );
  const shownFriends = (friends.data ?? []).filter((friend) => matchesFriend(friend, text));
  const results = canSearch && !search.isError ? (search.currentData ?? []) : [];

  /** Add, Pending, Accept/Reject or Friends, as the caller stands with the person. */
  function standingActions(person: Person): ReactNode {
    switch (person.friendStatus) {
      case 'friends':
        return (
          <>
            <Badge $variant="success">Friends</Badge>
            <Button size="sm" variant="outline" onClick={() => void actions.message(person)}>
              Message
            </Button>
          </>
        );
      case 'request_sent':
        return <Badge $variant="warning">Pending</Badge>;
      case 'request_received': {
        const request = incomingFrom.get(person.id);
        return request ? answerButtons(request) : <Badge $variant="warning">Pending</Badge>;
      }
      default:
        return (
          <Button
            size="sm"
            disabled={actions.busy}
            onClick={() => void actions.addFriend(person)}
            aria-label={`Add ${person.firstName} ${person.lastName}`}
          >
            <UserPlusIcon aria-hidden="true" /> Add
          </Button>
        );
    }
  }

  function answerButtons(request: FriendRequest): ReactNode {
    return (
      <PersonButtons
        person={request.sender}
        buttons={[
          { label: 'Accept', waits: true, run: () => void actions.answer(request.id, 'accept') },
          {
            label: 'Reject',
            variant: 'outline',
            waits: true,
            run: () => void actions.answer(request.id, 'reject'),
          },
        ]}
        busy={actions.busy}
      />
    );
  }

  function friendActions(friend: Friend): ReactNode {
    return (
      <PersonButtons
        person={friend}
        buttons={[
          { label: 'Message', variant: 'outline', run: () => void actions.message(friend) },
          { label: 'Remove', variant: 'ghost', waits: true, run: () => void actions.removeFriend(friend) },
          { label: 'Block', variant: 'ghost', waits: true, run: () => blocking.ask(friend) },
        ]}
        busy={actions.busy}
      />
    );
  }

  const friendsPanel = (
    <PeoplePanel
      label="Friends"
      loading={friends.isLoading}
      people={shownFriends}
      empty={
        (friends.data ?? []).length === 0
          ? {
              icon: <UsersIcon />,
              title: 'No friends yet',
              description: 'Find classmates in Suggestions or Search and add them.',
            }
          : {
              icon: <SearchIcon />,
              title: 'No results found',
              description: 'No friend matches that name or college.',
            }
      }
      renderCard={(friend) => (
        <FriendCard
          key={friend.id}
          person={{ ...friend, isOnline: presence.get(friend.id)?.isOnline ?? friend.isOnline }}
          actions={friendActions(friend)}
        />
      )}
    />
  );

  const requestsPanel = requests.isLoading ? (
    <Spinner label="Loading" />
  ) : incoming.length + sent.length === 0 ? (
    <EmptyState
      icon={<UserPlusIcon />}
      title="No friend requests"
      description="Requests you send and receive show up here."
    />
  ) : (
    <>
      <Section aria-labelledby="pending-requests">
        <SectionTitle id="pending-requests">Pending Requests</SectionTitle>
        {incoming.length === 0 ? (
          <Hint>No one is waiting for your answer.</Hint>
        ) : (
          <CardList aria-label="Pending Requests">
            {incoming.map((request) => (
              <FriendCard key={request.id} person={request.sender} actions={answerButtons(request)} />
            ))}
          </CardList>
        )}
      </Section>
      <Section aria-labelledby="sent-requests">
        <SectionTitle id="sent-requests">Sent Requests</SectionTitle>
        {sent.length === 0 ? (
          <Hint>You have no requests waiting for an answer.</Hint>
        ) : (
          <CardList aria-label="Sent Requests">
            {sent.map((request) => (
              <FriendCard
                key={request.id}
                person={request.receiver}
                actions={<Badge $variant="warning">Pending</Badge>}
              />
            ))}
          </CardList>
        )}
      </Section>
    </>
  );

  const standingCard = (person: Person) => (
    <FriendCard key={person.id} person={person} actions={standingActions(person)} />
  );
  const suggestionsPanel = (
    <PeoplePanel
      label="Suggestions"
      loading={suggestions.isLoading}
      people={suggestions.data ?? []}
      empty={{
        icon: <UsersIcon />,
        title: 'No suggestions available',
        description: 'Check back as more students from your college join.',
      }}
      renderCard={standingCard}
    />
  );

  const searchPanel = !canSearch ? (
    <EmptyState
      icon={<SearchIcon />}
      title="Search for friends"
      description="Type at least 3 characters to search your college."
    />
  ) : (
    <PeoplePanel
      label="Search results"
      loading={search.isFetching && !search.currentData}
      people={results}
      empty={{
        icon: <SearchIcon />,
        title: 'No results found',
        description: `No students match "${query}".`,
      }}
      renderCard={standingCard}
    />
  );
  const count = (value: number | undefined) => (value === undefined ? '' : ` (${value})`);
  return (
    <PageContainer>
      <PageHeader
        title="Friends"
        description="Your friends, requests and suggestions from your college."
        icon={<UsersIcon />}
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlusIcon aria-hidden="true" /> Add Friend
          </Button>
        }
      />
      <SearchRow>
        <Input
          label="Search friends"
          type="search"
          placeholder="Search by name or college..."
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            // Typing on Requests or Suggestions means looking for someone new: show the Search tab.
            if (tab === 'requests' || tab === 'suggestions') setTab('search');
          }}
        />
      </SearchRow>
      <Tabs<Tab>
        label="Friends"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'friends',
            label: `Friends${count(friends.data?.length)}`,
            content: <Panel>{friendsPanel}</Panel>,
          },
          {
            value: 'requests',
            label: (
              <TabLabel>
                Requests{count(requests.data ? incoming.length + sent.length : undefined)}
                {incoming.length > 0 && (
                  <IncomingBadge aria-label={`${incoming.length} incoming`}>{incoming.length}</IncomingBadge>
                )}
              </TabLabel>
            ),
            content: <Panel>{requestsPanel}</Panel>,
          },
          {
            value: 'suggestions',
            label: `Suggestions${count(suggestions.data?.length)}`,
            content: <Panel>{suggestionsPanel}</Panel>,
          },
          {
            value: 'search',
            label: `Search${count(canSearch ? search.currentData?.length : undefined)}`,
            content: <Panel>{searchPanel}</Panel>,
          },
        ]}
      />
      <AddFriendDialog open={adding} onOpenChange={setAdding} />
      {blocking.dialog}
    </PageContainer>
  );
}
