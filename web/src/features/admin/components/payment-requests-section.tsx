import type { PaymentRequest } from '@quad/contracts';
import { formatDateAndTime } from '../../../lib/time';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast';
import { PAYMENT_REQUESTS_POLL_MS, useGetPaymentRequestsQuery, useUpdatePaymentMutation } from '../admin-panel-api';
import { Muted, RequestActions, RequestInfo, RequestItem, RequestList, SectionHeader } from './admin-panel.styles';

const STATUS_BADGE = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/** Venmo payments waiting for a check, polled every 30 s; only pending ones can be approved or rejected. */
export function PaymentRequestsSection({ onAction }: { onAction: () => void }) {
  const requests = useGetPaymentRequestsQuery(undefined, { pollingInterval: PAYMENT_REQUESTS_POLL_MS });
  const [updatePayment, { isLoading, originalArgs }] = useUpdatePaymentMutation();
  const { toast } = useToast();

  async function decide(request: PaymentRequest, status: 'approved' | 'rejected') {
    try {
      await updatePayment({ id: request.id, status, userId: request.user.id }).unwrap();
      toast({ title: 'Payment updated', description: `${request.user.firstName} ${request.user.lastName}: ${status}.` });
      onAction();
    } catch {
      toast({ title: 'Error', description: 'Failed to update payment status.', variant: 'destructive' });
    }
  }

  const pendingCount = requests.data?.filter((r) => r.status === 'pending').length ?? 0;

  return (
    <Card as="section" aria-labelledby="payment-requests-title">
      <SectionHeader>
        <div>
          <CardTitle id="payment-requests-title">Payment Requests</CardTitle>
          <CardDescription>Check each Venmo payment of $10, then approve or reject it. Refreshes every 30 seconds.</CardDescription>
        </div>
        {pendingCount > 0 && <Badge $variant="warning">{pendingCount} pending</Badge>}
      </SectionHeader>
      {requests.isLoading ? (
        <Spinner label="Loading payment requests" />
      ) : !requests.data || requests.data.length === 0 ? (
        <Muted>No payment requests yet.</Muted>
      ) : (
        <RequestList aria-label="Payment requests">
          {requests.data.map((request) => {
            const busy = isLoading && originalArgs?.id === request.id;
            const name = `${request.user.firstName} ${request.user.lastName}`.trim() || 'Unknown student';
            return (
              <RequestItem key={request.id} aria-label={`Payment request from ${name}`}>
                <RequestInfo>
                  <strong>{name}</strong>
                  <span>{request.userEmail ?? 'No e-mail'}</span>
                  <span>
                    Venmo: {request.venmoUsername} · ${request.amount} · {formatDateAndTime(request.createdAt, { locale: 'en-US' })}
                  </span>
                  {request.paymentNote && <span>Note: {request.paymentNote}</span>}
                </RequestInfo>
                <RequestActions>
                  <Badge $variant={STATUS_BADGE[request.status]}>{request.status}</Badge>
                  {request.status === 'pending' && (
                    <>
                      <Button size="sm" onClick={() => decide(request, 'approved')} disabled={isLoading} loading={busy && originalArgs?.status === 'approved'}>
                        Approve
                      </Button>
                      <Button size="sm" variant="destructive" onClick={() => decide(request, 'rejected')} disabled={isLoading} loading={busy && originalArgs?.status === 'rejected'}>
                        Reject
                      </Button>
                    </>
                  )}
                </RequestActions>
              </RequestItem>
            );
          })}
        </RequestList>
      )}
    </Card>
  );
}
