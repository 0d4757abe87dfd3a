import { formatDateAndTime } from '../../../lib/time';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { type AuditLogEntry, useGetPanelAuditLogQuery } from '../admin-panel-api';
import { ListStatus, Pager, SearchField } from './admin-list/admin-list';
import { Controls, Table, TableScroll } from './admin-list/admin-list.styles';
import { useCursorPages, useUrlParams } from './admin-list/use-admin-list';
import { SectionHeader } from './admin-panel.styles';

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

function personName(person: { firstName: string; lastName: string } | null | undefined, fallback: string): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() || fallback : fallback;
}

/** Who did what to whom, and when: every admin action of every service (kept by moderation), a page at a time. */
export function AuditLogSection() {
  const [filters, setFilters] = useUrlParams(AUDIT_PARAMS);
  const pages = useCursorPages(AUDIT_PARAMS.map((key) => filters[key]).join('|'));
  const log = useGetPanelAuditLogQuery({ search: filters.aq, action: filters.action, from: filters.afrom, to: filters.ato, cursor: pages.cursor, limit: PAGE_SIZE });
  const rows = log.data?.rows ?? [];

  return (
    <Card as="section" aria-labelledby="audit-log-title">
      <SectionHeader>
        <div>
          <CardTitle id="audit-log-title">Audit Log</CardTitle>
          <CardDescription>Every admin action: which admin, what, whom and when.</CardDescription>
        </div>
      </SectionHeader>
      <Controls>
        <SearchField label="Search the log" placeholder="Admin name, action or reason" value={filters.aq} onSearch={(aq) => setFilters({ aq })} />
        <Select label="Action" placeholder="All actions" options={ACTION_FILTERS} value={filters.action} onChange={(event) => setFilters({ action: event.target.value })} />
        <Input label="From" type="date" value={filters.afrom} onChange={(event) => setFilters({ afrom: event.target.value })} />
        <Input label="To" type="date" value={filters.ato} onChange={(event) => setFilters({ ato: event.target.value })} />
      </Controls>
      {rows.length > 0 ? (
        <TableScroll>
          <Table aria-label="Audit log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                <th scope="col">User</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
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
              ))}
            </tbody>
          </Table>
        </TableScroll>
      ) : (
        <ListStatus
          loading={log.isFetching && !log.data}
          failed={log.isError}
          empty={rows.length === 0}
          loadingLabel="Loading audit log"
          emptyText={log.data?.nextCursor ? 'None in this stretch of the log: Next searches further.' : 'No admin actions yet.'}
        />
      )}
      <Pager
        label="Audit log pages"
        pageNumber={pages.pageNumber}
        total={log.data?.total ?? null}
        noun="actions"
        nextCursor={log.data?.nextCursor ?? null}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={log.isFetching}
      />
    </Card>
  );
}
