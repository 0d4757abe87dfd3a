import { formatDateAndTime } from '../../../lib/time';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { type AuditLogEntry, useGetPanelAuditLogQuery } from '../admin-panel-api';
import { PagedTable, SearchField } from './admin-list/admin-list';
import { AdminSection } from './admin-section';
import { Controls } from './admin-list/admin-list.styles';
import { useFilteredPages } from './admin-list/use-admin-list';

/** How each service's admin actions read in the log; unknown ones show their own name. */
const ACTION_NAMES: Record<string, string> = {
  'payment.approved': 'Approved payment',
  'payment.rejected': 'Rejected payment',
  'subscription.granted': 'Granted subscription',
  'user.college-changed': 'Changed college',
  'college.changed': 'Changed college',
  'user.banned': 'Banned user',
  'user.unbanned': 'Unbanned user',
  'report.resolved': 'Resolved report',
  'report.dismissed': 'Dismissed report',
  'author.revealed': 'Revealed anonymous author',
  'appeal.accepted': 'Accepted appeal',
  'appeal.declined': 'Declined appeal',
  'admin.invited': 'Invited admin',
  'admin.joined': 'Joined as admin',
  'admin.removed': 'Removed admin',
  'admin.bootstrap-session': 'Signed in with the admin password',
};

/** The action filter: a whole area (`payment.`) or one action. */
const ACTION_FILTERS = [
  { value: 'payment.', label: 'Payments' },
  { value: 'subscription.granted', label: 'Subscriptions granted' },
  { value: 'user.', label: 'Users (bans, colleges)' },
  { value: 'report.', label: 'Reports' },
  { value: 'appeal.', label: 'Appeals' },
  { value: 'author.revealed', label: 'Reveals of anonymous authors' },
  { value: 'admin.', label: 'Admins' },
];

const AUDIT_PARAMS = ['aq', 'action', 'afrom', 'ato'] as const;
const PAGE_SIZE = 50;

function describe(entry: AuditLogEntry): string {
  const months = entry.details.months;
  const name = ACTION_NAMES[entry.action] ?? entry.action;
  return typeof months === 'number' ? `${name} (${months} months)` : name;
}

function personName(
  person: { firstName: string; lastName: string } | null | undefined,
  fallback: string,
): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() || fallback : fallback;
}

/** Who did what to whom, and when: every admin action of every service (kept by moderation), a page at a time. */
export function AuditLogSection() {
  const { filters, setFilters, pages } = useFilteredPages(AUDIT_PARAMS);
  const log = useGetPanelAuditLogQuery({
    search: filters.aq,
    action: filters.action,
    from: filters.afrom,
    to: filters.ato,
    cursor: pages.cursor,
    limit: PAGE_SIZE,
  });

  return (
    <AdminSection
      id="audit-log-title"
      title="Audit Log"
      description="Every admin action: which admin, what, whom and when."
    >
      <Controls>
        <SearchField
          label="Search the log"
          placeholder="Admin name, action or reason"
          value={filters.aq}
          onSearch={(aq) => setFilters({ aq })}
        />
        <Select
          label="Action"
          placeholder="All actions"
          options={ACTION_FILTERS}
          value={filters.action}
          onChange={(event) => setFilters({ action: event.target.value })}
        />
        <Input
          label="From"
          type="date"
          value={filters.afrom}
          onChange={(event) => setFilters({ afrom: event.target.value })}
        />
        <Input
          label="To"
          type="date"
          value={filters.ato}
          onChange={(event) => setFilters({ ato: event.target.value })}
        />
      </Controls>
      <PagedTable
        label="Audit log"
        columns={['When', 'Admin', 'Action', 'User', 'Reason']}
        query={log}
        pages={pages}
        pagerLabel="Audit log pages"
        noun="actions"
        loadingLabel="Loading audit log"
        emptyText="No admin actions yet."
        emptyStretchText="None in this stretch of the log: Next searches further."
      >
        {(entry) => (
          <tr key={entry.id}>
            <td>{formatDateAndTime(entry.at, { locale: 'en-US' })}</td>
            <td>
              <strong>{personName(entry.admin, 'Anonymous admin')}</strong>
              {typeof entry.details.operator === 'string' && ` (operator ${entry.details.operator})`}
            </td>
            <td>{describe(entry)}</td>
            <td>{entry.targetUserId ? personName(entry.targetUser, '—') : '—'}</td>
            <td>{entry.reason ?? '—'}</td>
          </tr>
        )}
      </PagedTable>
    </AdminSection>
  );
}
