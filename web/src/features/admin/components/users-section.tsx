import type { AdminUser } from '@quad/contracts';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Input } from '../../../ui/input';
import { Spinner } from '../../../ui/spinner';
import { useGetAdminUsersQuery } from '../admin-panel-api';
import { Muted, SectionHeader, Table, TableScroll } from './admin-panel.styles';

function matches(user: AdminUser, query: string): boolean {
  const text = `${user.firstName} ${user.lastName} ${user.email ?? ''} ${user.college ?? ''}`.toLowerCase();
  return text.includes(query.trim().toLowerCase());
}

function subscriptionCell(user: AdminUser) {
  if (user.isAdmin) return <Badge $variant="primary">Admin</Badge>;
  if (!user.subscriptionExpiresAt) return <Badge>No subscription</Badge>;
  const expiresAt = new Date(user.subscriptionExpiresAt);
  const date = expiresAt.toLocaleDateString('en-US', { dateStyle: 'medium' });
  return expiresAt > new Date() ? <Badge $variant="success">Active until {date}</Badge> : <Badge $variant="danger">Expired {date}</Badge>;
}

/** Every account (auth's GET /api/admin/users), searchable by name, e-mail or college. */
export function UsersSection() {
  const users = useGetAdminUsersQuery();
  const [query, setQuery] = useState('');
  const shown = (users.data ?? []).filter((user) => matches(user, query));

  return (
    <Card as="section" aria-labelledby="all-users-title">
      <SectionHeader>
        <div>
          <CardTitle id="all-users-title">All Users</CardTitle>
          <CardDescription>{users.data ? `${users.data.length} accounts` : 'Every account on Quad.'}</CardDescription>
        </div>
      </SectionHeader>
      <Input label="Search users" type="search" placeholder="Name, e-mail or college" value={query} onChange={(e) => setQuery(e.target.value)} />
      {users.isLoading ? (
        <Spinner label="Loading users" />
      ) : shown.length === 0 ? (
        <Muted>No users found</Muted>
      ) : (
        <TableScroll>
          <Table aria-label="All users">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">College</th>
                <th scope="col">Subscription</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((user) => (
                <tr key={user.id}>
                  <td>{`${user.firstName} ${user.lastName}`.trim() || 'Anonymous admin'}</td>
                  <td>{user.email ?? '—'}</td>
                  <td>{user.college ?? '—'}</td>
                  <td>{subscriptionCell(user)}</td>
                  <td>{new Date(user.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Card>
  );
}
