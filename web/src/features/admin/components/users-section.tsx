import { ADMIN_USER_SORTS, SUBSCRIPTION_STATES, type AdminUser } from '@quad/contracts';
import { Badge } from '../../../ui/badge';
import { Select } from '../../../ui/select';
import { useGetCollegesQuery } from '../../auth';
import { useGetAdminUsersQuery } from '../admin-panel-api';
import { PagedTable, SearchField } from './admin-list/admin-list';
import { AdminSection } from './admin-section';
import { Controls } from './admin-list/admin-list.styles';
import { useFilteredPages } from './admin-list/use-admin-list';

const USER_PARAMS = ['q', 'college', 'subscription', 'banned', 'role', 'sort'] as const;
const PAGE_SIZE = 50;

const SORT_LABELS: Record<(typeof ADMIN_USER_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
};
const BANNED_OPTIONS = [
  { value: 'true', label: 'Banned' },
  { value: 'false', label: 'Not banned' },
];
const SUBSCRIPTION_LABELS: Record<(typeof SUBSCRIPTION_STATES)[number], string> = {
  active: 'Active',
  expired: 'Expired',
  none: 'None',
};

function subscriptionCell(user: AdminUser) {
  if (user.isAdmin) return <Badge $variant="primary">Admin</Badge>;
  if (!user.subscriptionExpiresAt) return <Badge>No subscription</Badge>;
  const date = new Date(user.subscriptionExpiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' });
  return user.subscriptionState === 'active' ? (
    <Badge $variant="success">Active until {date}</Badge>
  ) : (
    <Badge $variant="danger">Expired {date}</Badge>
  );
}

/** Every account, a page at a time (auth's GET /api/admin/users): searched and filtered on the server. */
export function UsersSection() {
  const { filters, setFilters, pages } = useFilteredPages(USER_PARAMS);
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

  return (
    <AdminSection
      id="all-users-title"
      title="All Users"
      description="Find a student by the start of a name or e-mail; filter by college, subscription or ban."
    >
      <Controls>
        <SearchField
          label="Search users"
          placeholder="Name or e-mail"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
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
          options={BANNED_OPTIONS}
          value={filters.banned}
          onChange={(event) => setFilters({ banned: event.target.value })}
        />
        <Select
          label="Sort"
          options={ADMIN_USER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
          value={filters.sort || 'newest'}
          onChange={(event) =>
            setFilters({ sort: event.target.value === 'newest' ? '' : event.target.value })
          }
        />
      </Controls>
      <PagedTable
        label="All users"
        columns={['Name', 'Email', 'College', 'Subscription', 'Joined']}
        query={users}
        pages={pages}
        pagerLabel="User pages"
        noun="accounts"
        loadingLabel="Loading users"
        emptyText="No users found"
        emptyStretchText="None in this stretch of accounts: Next searches further."
        spinWhileFetching
      >
        {(user) => (
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
        )}
      </PagedTable>
    </AdminSection>
  );
}
