import { ADMIN_USER_SORTS, SUBSCRIPTION_STATES, type AdminUser } from '@quad/contracts';
import { Badge } from '../../../ui/badge';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Select } from '../../../ui/select';
import { useGetCollegesQuery } from '../../auth';
import { useGetAdminUsersQuery } from '../admin-panel-api';
import { ListStatus, Pager, SearchField } from './admin-list/admin-list';
import { Controls, Table, TableScroll } from './admin-list/admin-list.styles';
import { useCursorPages, useUrlParams } from './admin-list/use-admin-list';
import { SectionHeader } from './admin-panel.styles';

const USER_PARAMS = ['q', 'college', 'subscription', 'banned', 'role', 'sort'] as const;
const PAGE_SIZE = 50;

const SORT_LABELS: Record<(typeof ADMIN_USER_SORTS)[number], string> = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name (A–Z)' };
const SUBSCRIPTION_LABELS: Record<(typeof SUBSCRIPTION_STATES)[number], string> = { active: 'Active', expired: 'Expired', none: 'None' };

function subscriptionCell(user: AdminUser) {
  if (user.isAdmin) return <Badge $variant="primary">Admin</Badge>;
  if (!user.subscriptionExpiresAt) return <Badge>No subscription</Badge>;
  const date = new Date(user.subscriptionExpiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' });
  return user.subscriptionState === 'active' ? <Badge $variant="success">Active until {date}</Badge> : <Badge $variant="danger">Expired {date}</Badge>;
}

/** Every account, a page at a time (auth's GET /api/admin/users): searched and filtered on the server. */
export function UsersSection() {
  const [filters, setFilters] = useUrlParams(USER_PARAMS);
  const pages = useCursorPages(USER_PARAMS.map((key) => filters[key]).join('|'));
  const colleges = useGetCollegesQuery();
  const users = useGetAdminUsersQuery({
    search: filters.q,
    college: filters.college,
    subscription: filters.subscription,
    banned: filters.banned,
    role: filters.role,
    sort: filters.sort,
    cursor: pages.cursor,
    limit: PAGE_SIZE,
  });
  const rows = users.data?.rows ?? [];

  return (
    <Card as="section" aria-labelledby="all-users-title">
      <SectionHeader>
        <div>
          <CardTitle id="all-users-title">All Users</CardTitle>
          <CardDescription>Find a student by the start of a name or e-mail; filter by college, subscription or ban.</CardDescription>
        </div>
      </SectionHeader>
      <Controls>
        <SearchField label="Search users" placeholder="Name or e-mail" value={filters.q} onSearch={(q) => setFilters({ q })} />
        <Select
          label="College"
          placeholder="All colleges"
          options={(colleges.data ?? []).map((college) => ({ value: college.id, label: college.initials }))}
          value={filters.college}
          onChange={(event) => setFilters({ college: event.target.value })}
        />
        <Select
          label="Subscription"
          placeholder="Any"
          options={SUBSCRIPTION_STATES.map((state) => ({ value: state, label: SUBSCRIPTION_LABELS[state] }))}
          value={filters.subscription}
          onChange={(event) => setFilters({ subscription: event.target.value })}
        />
        <Select
          label="Banned"
          placeholder="Any"
          options={[{ value: 'true', label: 'Banned' }, { value: 'false', label: 'Not banned' }]}
          value={filters.banned}
          onChange={(event) => setFilters({ banned: event.target.value })}
        />
        <Select
          label="Sort"
          options={ADMIN_USER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
          value={filters.sort || 'newest'}
          onChange={(event) => setFilters({ sort: event.target.value === 'newest' ? '' : event.target.value })}
        />
      </Controls>
      {rows.length > 0 && !users.isFetching ? (
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
              {rows.map((user) => (
                <tr key={user.id}>
                  <td>
                    <strong>{`${user.firstName} ${user.lastName}`.trim() || 'Anonymous admin'}</strong>{' '}
                    {user.isBanned && <Badge $variant="danger">Banned</Badge>}
                  </td>
                  <td>{user.email ?? '—'}</td>
                  <td>{user.college ?? '—'}</td>
                  <td>{subscriptionCell(user)}</td>
                  <td>{new Date(user.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      ) : (
        <ListStatus
          loading={users.isFetching}
          failed={users.isError}
          empty={rows.length === 0}
          loadingLabel="Loading users"
          emptyText={users.data?.nextCursor ? 'None in this stretch of accounts: Next searches further.' : 'No users found'}
        />
      )}
      <Pager
        label="User pages"
        pageNumber={pages.pageNumber}
        total={users.data?.total ?? null}
        noun="accounts"
        nextCursor={users.data?.nextCursor ?? null}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={users.isFetching}
      />
    </Card>
  );
}
