import { ADMIN_PAYMENT_STATUSES, type PaymentRequest } from '@quad/contracts';
import { formatDateAndTime } from '../../../lib/time';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import {
  PAYMENT_REQUESTS_POLL_MS,
  useGetPaymentRequestsQuery,
  useUpdatePaymentMutation,
} from '../admin-panel-api';
import { PagedTable, SearchField } from './admin-list/admin-list';
import { AdminSection } from './admin-section';
import { Controls, RowActions } from './admin-list/admin-list.styles';
import { useFilteredPages } from './admin-list/use-admin-list';
import { useSubmit } from '../../../ui/use-submit';

const STATUS_BADGE = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;
const PAYMENT_PARAMS = ['pq', 'status', 'from', 'to'] as const;
const PAGE_SIZE = 25;
const STATUS_OPTIONS = ADMIN_PAYMENT_STATUSES.map((status) => ({
  value: status,
  label: status[0]!.toUpperCase() + status.slice(1),
}));

/**
 * Venmo payments, pending first (oldest first), then decided ones, a page at a time; polled every
 * 30 s. Only pending ones can be approved or rejected.
 */
export function PaymentRequestsSection({ pendingCount }: { pendingCount: number | null }) {
  const { filters, setFilters, pages } = useFilteredPages(PAYMENT_PARAMS);
  const requests = useGetPaymentRequestsQuery(
    {
      search: filters.pq,
      status: filters.status,
      from: filters.from,
      to: filters.to,
      cursor: pages.cursor,
      limit: PAGE_SIZE,
    },
    { pollingInterval: PAYMENT_REQUESTS_POLL_MS },
  );
  const [updatePayment, { isLoading, originalArgs }] = useUpdatePaymentMutation();
  const { submit } = useSubmit();

  async function decide(request: PaymentRequest, status: 'approved' | 'rejected') {
    await submit(() => updatePayment({ id: request.id, status, userId: request.user.id }).unwrap(), {
      success: {
        title: 'Payment updated',
        description: `${request.user.firstName} ${request.user.lastName}: ${status}.`,
      },
      failure: { title: 'Error', description: 'Failed to update payment status.' },
    });
  }

  return (
    <AdminSection
      id="payment-requests-title"
      title="Payment Requests"
      description="Check each Venmo payment of $10, then approve or reject it. Refreshes every 30 seconds."
      aside={
        pendingCount !== null && pendingCount > 0 && <Badge $variant="warning">{pendingCount} pending</Badge>
      }
    >
      <Controls>
        <SearchField
          label="Search payments"
          placeholder="Student, e-mail or Venmo"
          value={filters.pq}
          onSearch={(pq) => setFilters({ pq })}
        />
        <Select
          label="Status"
          placeholder="All"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(event) => setFilters({ status: event.target.value })}
        />
        <Input
          label="Submitted from"
          type="date"
          value={filters.from}
          onChange={(event) => setFilters({ from: event.target.value })}
        />
        <Input
          label="Submitted to"
          type="date"
          value={filters.to}
          onChange={(event) => setFilters({ to: event.target.value })}
        />
      </Controls>
      <PagedTable
        label="Payment requests"
        columns={['Student', 'Venmo', 'Amount', 'Submitted', 'Status', 'Decided by', 'Actions']}
        query={requests}
        pages={pages}
        pagerLabel="Payment request pages"
        noun="requests"
        loadingLabel="Loading payment requests"
        emptyText="No payment requests yet."
        emptyStretchText="None in this stretch: Next searches further."
        polled
      >
        {(request) => {
          const busy = isLoading && originalArgs?.id === request.id;
          const name = `${request.user.firstName} ${request.user.lastName}`.trim() || 'Unknown student';
          return (
            <tr key={request.id} aria-label={`Payment request from ${name}`}>
              <td>
                <strong>{name}</strong>
                <br />
                {request.userEmail ?? 'No e-mail'}
              </td>
              <td>
                {request.venmoUsername}
                {request.paymentNote && (
                  <>
                    <br />
                    Note: {request.paymentNote}
                  </>
                )}
              </td>
              <td>${request.amount}</td>
              <td>{formatDateAndTime(request.createdAt, { locale: 'en-US' })}</td>
              <td>
                <Badge $variant={STATUS_BADGE[request.status]}>{request.status}</Badge>
              </td>
              <td>{request.decidedBy ? request.decidedBy.name : '—'}</td>
              <td>
                {request.status === 'pending' ? (
                  <RowActions>
                    <Button
                      size="sm"
                      onClick={() => decide(request, 'approved')}
                      disabled={isLoading}
                      loading={busy && originalArgs?.status === 'approved'}
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      onClick={() => decide(request, 'rejected')}
                      disabled={isLoading}
                      loading={busy && originalArgs?.status === 'rejected'}
                    >
                      Reject
                    </Button>
                  </RowActions>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          );
        }}
      </PagedTable>
    </AdminSection>
  );
}
