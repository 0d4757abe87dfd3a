import { ADMIN_USER_SORTS, SUBSCRIPTION_STATES, type AdminUser } from '@quad/contracts';
import { Badge } from '../../../ui/badge';
import type { SelectOption } from '../../../ui/select';
import { useGetCollegesQuery } from '../../auth';
import { useGetAdminUsersQuery } from '../admin-panel-api';
import { EmailText, FilterControls, PagedTable, fit, type FilterSpec } from './admin-list/admin-list';
import { AdminSection } from './admin-section';
import { useFilteredPages } from './admin-list/use-admin-list';

/** The table's URL parameters and the API's parameters they fill (`role` only comes in a link). */
const USER_PARAMS = {
  q: 'search',
  college: 'college',
  subscription: 'subscription',
  banned: 'banned',
  role: 'role',
  sort: 'sort',
} as const;
const PAGE_SIZE = 50;

const SORT_LABELS: Record<(typeof ADMIN_USER_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
};
const SORT_OPTIONS = ADMIN_USER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));
const BANNED_OPTIONS = [
  { value: 'true', label: 'Banned' },
  { value: 'false', label: 'Not banned' },
];
const SUBSCRIPTION_LABELS: Record<(typeof SUBSCRIPTION_STATES)[number], string> = {
  active: 'Active',
  expired: 'Expired',
  none: 'None',
};
const SUBSCRIPTION_OPTIONS = SUBSCRIPTION_STATES.map((state) => ({
  value: state,
  label: SUBSCRIPTION_LABELS[state],
}));

function userFilters(collegeOptions: SelectOption[]): FilterSpec<keyof typeof USER_PARAMS>[] {
  return [
    { kind: 'search', key: 'q', label: 'Search users', placeholder: 'Name or e-mail' },
    {
      kind: 'select',
      key: 'college',
      label: 'College',
      placeholder: 'All colleges',
      options: collegeOptions,
    },
    {
      kind: 'select',
      key: 'subscription',
      label: 'Subscription',
      placeholder: 'Any',
      options: SUBSCRIPTION_OPTIONS,
    },
    { kind: 'select', key: 'banned', label: 'Banned', placeholder: 'Any', options: BANNED_OPTIONS },
    { kind: 'select', key: 'sort', label: 'Sort', options: SORT_OPTIONS, defaultValue: 'newest' },
  ];
}

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
  const { filters, setFilters, pages, args } = useFilteredPages(USER_PARAMS, PAGE_SIZE);
  const colleges = useGetCollegesQuery();
  const users = useGetAdminUsersQuery(args);
  const collegeOptions = (colleges.data ?? []).map((college) => ({
    value: college.id,
    label: college.initials,
  }));

  return (
    <AdminSection
      title="All Users"
      description="Find a student by the start of a name or e-mail; filter by college, subscription or ban."
    >
      <FilterControls specs={userFilters(collegeOptions)} values={filters} onChange={setFilters} />
      <PagedTable
        label="All users"
        columns={['Name', 'Email', 'College', fit('Subscription'), fit('Joined')]}
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
            <td>{user.email ? <EmailText address={user.email} /> : '—'}</td>
            <td>{user.college ?? '—'}</td>
            <td>{subscriptionCell(user)}</td>
            <td>{new Date(user.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</td>
          </tr>
        )}
      </PagedTable>
    </AdminSection>
  );
}
