import { FRIEND_SEARCH_DEBOUNCE_MS, type Person } from '@quad/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Input } from '../../../ui/input';
import { useSearchUsersForDialogQuery } from '../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFriendActions } from '../hooks/use-friend-actions';
import { Result, Results, Status } from './add-friend-dialog.styles';
import { PersonLine } from './person-line';
import { bindValue } from '../../../ui/bind-value';

/**
 * Add Friend: searches the caller's college by name 300 ms after the last keystroke, only when the
 * trimmed text is non-empty (spec sections 4, 5, 9); 'Searching...' while it loads; a failed search
 * silently clears the results; 'No users found' when nothing matches.
 */
export function AddFriendDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  const waiting = text.trim() !== query;
  const search = useSearchUsersForDialogQuery(open && query ? query : skipToken);
  const results: Person[] = search.isError ? [] : (search.currentData ?? []);
  const { addFriend, busy } = useFriendActions();

  const close = (next: boolean) => {
    if (!next) setText('');
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Friend"
      description="Find students from your college by name."
    >
      <Input label="Search by name" placeholder="Search by name..." {...bindValue(text, setText)} autoFocus />
      {text.trim() && (waiting || search.isFetching) ? (
        <Status role="status">Searching...</Status>
      ) : query && !search.isError && search.currentData && results.length === 0 ? (
        <Status role="status">No users found</Status>
      ) : (
        results.length > 0 && (
          <Results aria-label="Search results">
            {results.map((person) => (
              <Result key={person.id}>
                <PersonLine person={person} />
                {person.friendStatus === 'none' || person.friendStatus === 'request_received' ? (
                  <Button
                    size="sm"
                    disabled={busy}
                    onClick={() => void addFriend(person)}
                    aria-label={`Add ${person.firstName} ${person.lastName}`}
                  >
                    Add
                  </Button>
                ) : person.friendStatus === 'friends' ? (
                  <Badge $variant="success">Friends</Badge>
                ) : (
                  <Badge $variant="warning">Pending</Badge>
                )}
              </Result>
            ))}
          </Results>
        )
      )}
    </Dialog>
  );
}
