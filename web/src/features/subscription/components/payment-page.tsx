import { isBlank, COMMERCE_MESSAGES, SUBSCRIPTION_PRICE_USD } from '@quad/contracts';
import { paths } from '../../../app/paths';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { CreditCardIcon, InfoIcon } from '../../../ui/icons';
import { Input, Textarea } from '../../../ui/input';
import { PageContainer, PageHeader } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { useSubmitPaymentMutation, useSubscriptionStatus } from '../api';
import { formatDate, subscriptionLabel } from '../format';
import { Actions, Callout, Detail, Form, Stack, Steps, TwoColumns } from './subscription.styles';
import { PlanFeatures } from './plan-features';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';

/** The Venmo account students pay; shown in the instructions. */
export const VENMO_ACCOUNT = '@Quad-Community';

const PAYMENT_FEATURES = [
  'Full access to all features',
  'Direct messaging with classmates',
  'Create posts and comments',
  'College-specific discussions',
] as const;

/** /payment: pay $10 through Venmo and tell us, for an admin to check (spec section 2, Payment screen). */
export function PaymentPage() {
  const status = useSubscriptionStatus();
  const [submitPayment] = useSubmitPaymentMutation();
  const { values, bind, reset } = useFields({ venmoUsername: '', notes: '' });
  const venmoUsername = values.venmoUsername.trim();
  const form = useSubmitForm({
    check: () => isBlank(venmoUsername) && ['Required Field', COMMERCE_MESSAGES.venmoRequired],
    call: () =>
      submitPayment({
        venmoUsername,
        notes: values.notes.trim(),
        amount: String(SUBSCRIPTION_PRICE_USD),
      }).unwrap(),
    success: (result) => ({ title: 'Payment Submitted', description: result.message }),
    // A second request while one waits is refused (409) with a message worth reading.
    failure: { title: 'Submission Failed', fallback: 'Failed to submit payment confirmation' },
    onSuccess: () => reset(),
  });

  const pending = status.data?.pendingPayment;
  const label = subscriptionLabel(status.data);

  return (
    <PageContainer>
      <PageHeader
        title="Payment"
        icon={<CreditCardIcon />}
        description="Pay once a year through Venmo; an admin confirms it by e-mail, usually within 24 hours."
      />
      <TwoColumns>
        <Stack>
          <Card>
            <CardTitle>How to pay</CardTitle>
            <Steps>
              <li>
                Open Venmo and send <strong>${SUBSCRIPTION_PRICE_USD}</strong> to{' '}
                <strong>{VENMO_ACCOUNT}</strong>.
              </li>
              <li>Add your name and college in the Venmo note.</li>
              <li>Enter your Venmo username below and submit.</li>
              <li>
                An admin checks the payment and you receive an e-mail confirmation, usually within 24 hours.
              </li>
            </Steps>
          </Card>
          <Card>
            <CardTitle>Annual Subscription</CardTitle>
            <PlanFeatures per="per year" label="Included" features={PAYMENT_FEATURES} />
          </Card>
        </Stack>
        <Card>
          <CardTitle>Payment confirmation</CardTitle>
          {status.isLoading ? (
            <Spinner label="Loading subscription" />
          ) : pending ? (
            <>
              <Callout role="status">
                <strong>Payment under review</strong>
                Submitted on {formatDate(pending.createdAt)}. We will e-mail you once an admin has checked it.
              </Callout>
              <Actions>
                <ButtonLink to={paths.subscriptionSettings} variant="outline">
                  Subscription Settings
                </ButtonLink>
              </Actions>
            </>
          ) : (
            <>
              {label === 'Active' && (
                <Detail>
                  <InfoIcon aria-hidden="true" width={14} height={14} /> Your subscription is active until{' '}
                  {formatDate(status.data!.expiresAt)}; paying now adds a year after that.
                </Detail>
              )}
              <CardDescription>
                Tell us which Venmo account sent the ${SUBSCRIPTION_PRICE_USD}.
              </CardDescription>
              <Form onSubmit={form.onSubmit} aria-label="Payment confirmation" noValidate>
                <Input
                  label="Venmo username"
                  placeholder="@your-venmo"
                  {...bind('venmoUsername')}
                  autoComplete="off"
                />
                <Textarea
                  label="Notes (optional)"
                  placeholder="Anything that helps us find your payment"
                  {...bind('notes')}
                  rows={3}
                />
                <Button type="submit" busy={form.busy} fullWidth>
                  Submit Payment
                </Button>
              </Form>
            </>
          )}
        </Card>
      </TwoColumns>
    </PageContainer>
  );
}
