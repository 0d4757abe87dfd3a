import styled from 'styled-components';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { useGetBlockedUsersQuery, useUnblockUserMutation } from '../api';
import { PersonLine } from './person-line';
import { useSubmit } from '../../../ui/use-submit';
import { space } from '../../../app/theme';

const List = styled.ul`
  list-style: none;
  margin: ${space(4)} 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  padding: ${space(2)} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: none;
  }
`;


const Empty = styled.p`
  margin-top: ${space(4)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * Blocked users with Unblock: a card for the Subscription settings page (blocking is Quad's
 * addition to the spec). A blocked user cannot message the blocker or send them requests, and
 * neither appears in the other's search or suggestions.
 */
export function BlockedUsers() {
  const { data: blocked = [], isLoading, isError } = useGetBlockedUsersQuery();
  const [unblock, unblocking] = useUnblockUserMutation();
  const { submit } = useSubmit();

  async function onUnblock(id: string, firstName: string) {
    await submit(() => unblock(id).unwrap(), {
      success: { title: 'User unblocked', description: `${firstName} can find you and send you requests again.` },
      failure: 'Failed to unblock user',
    });
  }

  return (
    <Card as="section" aria-labelledby="blocked-users-title">
      <CardTitle id="blocked-users-title">Blocked users</CardTitle>
      <CardDescription>
        People you blocked cannot message you, send you friend requests or find you.
      </CardDescription>
      {isLoading ? (
        <Empty>Loading blocked users...</Empty>
      ) : isError ? (
        <Empty>Failed to load blocked users.</Empty>
      ) : blocked.length === 0 ? (
        <Empty>You have not blocked anyone.</Empty>
      ) : (
        <List aria-label="Blocked users">
          {blocked.map((user) => (
            <Row key={user.id}>
              <PersonLine person={user} />
              <Button
                size="sm"
                variant="outline"
                disabled={unblocking.isLoading}
                aria-label={`Unblock ${user.firstName} ${user.lastName}`}
                onClick={() => void onUnblock(user.id, user.firstName)}
              >
                Unblock
              </Button>
            </Row>
          ))}
        </List>
      )}
    </Card>
  );
}
