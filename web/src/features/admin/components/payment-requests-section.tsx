import { ADMIN_PAYMENT_STATUSES, type PaymentRequest } from '@quad/contracts';
import { serverMessage } from '../../../api/api-error';
import { formatDateAndTime } from '../../../lib/time';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import {
  PAYMENT_REQUESTS_POLL_MS,
  useGetPaymentRequestsQuery,
  useUpdatePaymentMutation,
} from '../admin-panel-api';
import { CellText, EmailText, FilterControls, PagedTable, fit, type FilterSpec } from './admin-list/admin-list';
import { AdminSection } from './admin-section';
import { RowActions } from './admin-list/admin-list.styles';
import { useFilteredPages } from './admin-list/use-admin-list';
import { useSubmit } from '../../../ui/use-submit';

const STATUS_BADGE = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;
/** The payments' URL parameters and the API's parameters they fill. */
const PAYMENT_PARAMS = { pq: 'search', status: 'status', from: 'from', to: 'to' } as const;
const PAGE_SIZE = 25;
/** Spec section 5's text for a failed decision. */
const PAYMENT_UPDATE_FAILED = 'Failed to update payment status.';
/** What an admin can decide about a pending payment, as buttons. */
const DECISIONS = [
  { status: 'approved', label: 'Approve', variant: 'primary' },
  { status: 'rejected', label: 'Reject', variant: 'destructive' },
] as const;
const STATUS_OPTIONS = ADMIN_PAYMENT_STATUSES.map((status) => ({
  value: status,
  label: status[0]!.toUpperCase() + status.slice(1),
}));
const PAYMENT_FILTERS: FilterSpec<keyof typeof PAYMENT_PARAMS>[] = [
  { kind: 'search', key: 'pq', label: 'Search payments', placeholder: 'Student, e-mail or Venmo' },
  { kind: 'select', key: 'status', label: 'Status', placeholder: 'All', options: STATUS_OPTIONS },
  { kind: 'date', key: 'from', label: 'Submitted from' },
  { kind: 'date', key: 'to', label: 'Submitted to' },
];

/**
 * Venmo payments, pending first (oldest first), then decided ones, a page at a time; polled every
 * 30 s. Only pending ones can be approved or rejected.
 */
export function PaymentRequestsSection({ pendingCount }: { pendingCount: number | null }) {
  const { filters, setFilters, pages, args } = useFilteredPages(PAYMENT_PARAMS, PAGE_SIZE);
  const requests = useGetPaymentRequestsQuery(args, { pollingInterval: PAYMENT_REQUESTS_POLL_MS });
  const [updatePayment, { isLoading, originalArgs }] = useUpdatePaymentMutation();
  const { submit } = useSubmit();

  async function decide(request: PaymentRequest, status: 'approved' | 'rejected') {
    await submit(() => updatePayment({ id: request.id, status, userId: request.user.id }).unwrap(), {
      success: {
        title: 'Payment updated',
        description: `${request.user.firstName} ${request.user.lastName}: ${status}.`,
      },
      // The spec's text, and the server's reason when it gave one (already decided, a deleted account).
      failure: { title: 'Error', describe: (error) => [PAYMENT_UPDATE_FAILED, serverMessage(error)].filter(Boolean).join(' ') },
    });
  }

  return (
    <AdminSection
      title="Payment Requests"
      description="Check each Venmo payment of $10, then approve or reject it. Refreshes every 30 seconds."
      aside={
        pendingCount !== null && pendingCount > 0 && <Badge $variant="warning">{pendingCount} pending</Badge>
      }
    >
      <FilterControls specs={PAYMENT_FILTERS} values={filters} onChange={setFilters} />
      <PagedTable
        label="Payment requests"
        columns={['Student', 'Venmo', fit('Amount'), fit('Submitted'), fit('Status'), 'Decided by', fit('Actions')]}
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
                {request.userEmail ? <EmailText address={request.userEmail} /> : 'No e-mail'}
              </td>
              <td>
                {request.venmoUsername}
                {request.paymentNote && <CellText text={`Note: ${request.paymentNote}`} />}
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
                    {DECISIONS.map(({ status, label, variant }) => (
                      <Button
                        key={status}
                        size="sm"
                        variant={variant}
                        onClick={() => decide(request, status)}
                        disabled={isLoading}
                        loading={busy && originalArgs?.status === status}
                      >
                        {label}
                      </Button>
                    ))}
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
