import { formatDateAndTime } from '../../../lib/time';
import { type AuditLogEntry, useGetPanelAuditLogQuery } from '../admin-panel-api';
import { CellText, FilterControls, PagedTable, fit, type FilterSpec } from './admin-list/admin-list';
import { AdminSection } from './admin-section';
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

/** The log's URL parameters and the API's parameters they fill. */
const AUDIT_PARAMS = { aq: 'search', action: 'action', afrom: 'from', ato: 'to' } as const;
const AUDIT_FILTERS: FilterSpec<keyof typeof AUDIT_PARAMS>[] = [
  { kind: 'search', key: 'aq', label: 'Search the log', placeholder: 'Admin name, action or reason' },
  { kind: 'select', key: 'action', label: 'Action', placeholder: 'All actions', options: ACTION_FILTERS },
  { kind: 'date', key: 'afrom', label: 'From' },
  { kind: 'date', key: 'ato', label: 'To' },
];
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
  const { filters, setFilters, pages, args } = useFilteredPages(AUDIT_PARAMS, PAGE_SIZE);
  const log = useGetPanelAuditLogQuery(args);

  return (
    <AdminSection title="Audit Log" description="Every admin action: which admin, what, whom and when.">
      <FilterControls specs={AUDIT_FILTERS} values={filters} onChange={setFilters} />
      <PagedTable
        label="Audit log"
        columns={[fit('When'), 'Admin', 'Action', 'User', 'Reason']}
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
            <td>{entry.reason ? <CellText text={entry.reason} /> : '—'}</td>
          </tr>
        )}
      </PagedTable>
    </AdminSection>
  );
}
