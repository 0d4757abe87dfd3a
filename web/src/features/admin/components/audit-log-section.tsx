import { formatDateAndTime } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { RefreshIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { type AuditLogEntry, useGetAdminUsersQuery } from '../admin-panel-api';
import { Muted, SectionHeader, Table, TableScroll } from './admin-panel.styles';

/** How each service's admin actions read in the log; unknown ones show their own name. */
const ACTION_NAMES: Record<string, string> = {
  'payment.approved': 'Approved payment',
  'payment.rejected': 'Rejected payment',
  'subscription.granted': 'Granted subscription',
  'user.college-changed': 'Changed college',
  'college.changed': 'Changed college',
};

function describe(entry: AuditLogEntry): string {
  const months = entry.details.months;
  return typeof months === 'number' ? `${ACTION_NAMES[entry.action] ?? entry.action} (${months} months)` : ACTION_NAMES[entry.action] ?? entry.action;
}

/** Who did what to whom, and when: every admin action of every service (kept by moderation). */
export function AuditLogSection({ entries, loading, failed, onRefresh }: { entries: AuditLogEntry[] | undefined; loading: boolean; failed: boolean; onRefresh: () => void }) {
  const users = useGetAdminUsersQuery();
  const names = new Map((users.data ?? []).map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]));
  const nameOf = (id: string | null) => (id ? names.get(id) || 'Anonymous admin' : '—');

  return (
    <Card as="section" aria-labelledby="audit-log-title">
      <SectionHeader>
        <div>
          <CardTitle id="audit-log-title">Audit Log</CardTitle>
          <CardDescription>Every admin action: who, what, whom and when.</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={onRefresh} aria-label="Refresh audit log">
          <RefreshIcon aria-hidden="true" /> Refresh
        </Button>
      </SectionHeader>
      {loading ? (
        <Spinner label="Loading audit log" />
      ) : failed ? (
        <Muted>The audit log is not available right now.</Muted>
      ) : !entries || entries.length === 0 ? (
        <Muted>No admin actions yet.</Muted>
      ) : (
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
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateAndTime(entry.at, { locale: 'en-US' })}</td>
                  <td>{entry.admin ? `${entry.admin.firstName} ${entry.admin.lastName}`.trim() || 'Anonymous admin' : nameOf(entry.adminId)}</td>
                  <td>{describe(entry)}</td>
                  <td>{nameOf(entry.targetUserId)}</td>
                  <td>{entry.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Card>
  );
}
