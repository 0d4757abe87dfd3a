import { COMMERCE_MESSAGES, SUBSCRIPTION_PRICE_USD } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { paths } from '../../../app/paths';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { CheckIcon, CreditCardIcon, InfoIcon } from '../../../ui/icons';
import { Input, Textarea } from '../../../ui/input';
import { PageContainer, PageHeader } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { useSubmitPaymentMutation, useSubscriptionStatus } from '../api';
import { formatDate, subscriptionLabel } from '../format';
import { Actions, Callout, Detail, Feature, FeatureList, Form, Price, Stack, Steps, TwoColumns } from './subscription.styles';
import { useSubmit } from '../../../ui/use-submit';

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
  const [submitPayment, { isLoading }] = useSubmitPaymentMutation();
  const { submit, refuse } = useSubmit();
  const [venmoUsername, setVenmoUsername] = useState('');
  const [notes, setNotes] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!venmoUsername.trim()) {
      refuse('Required Field', COMMERCE_MESSAGES.venmoRequired);
      return;
    }
    await submit(() => submitPayment({ venmoUsername: venmoUsername.trim(), notes: notes.trim(), amount: String(SUBSCRIPTION_PRICE_USD) }).unwrap(), {
      success: (result) => ({ title: 'Payment Submitted', description: result.message }),
      // A second request while one waits is refused (409) with a message worth reading.
      failure: { title: 'Submission Failed', fallback: 'Failed to submit payment confirmation' },
      onSuccess: () => {
        setVenmoUsername('');
        setNotes('');
      },
    });
  }

  const pending = status.data?.pendingPayment;
  const label = subscriptionLabel(status.data);

  return (
    <PageContainer>
      <PageHeader title="Payment" icon={<CreditCardIcon />} description="Pay once a year through Venmo; an admin confirms it by e-mail, usually within 24 hours." />
      <TwoColumns>
        <Stack>
          <Card>
            <CardTitle>How to pay</CardTitle>
            <Steps>
              <li>
                Open Venmo and send <strong>${SUBSCRIPTION_PRICE_USD}</strong> to <strong>{VENMO_ACCOUNT}</strong>.
              </li>
              <li>Add your name and college in the Venmo note.</li>
              <li>Enter your Venmo username below and submit.</li>
              <li>An admin checks the payment and you receive an e-mail confirmation, usually within 24 hours.</li>
            </Steps>
          </Card>
          <Card>
            <CardTitle>Annual Subscription</CardTitle>
            <Price>
              $10 <span>per year</span>
            </Price>
            <FeatureList aria-label="Included">
              {PAYMENT_FEATURES.map((feature) => (
                <Feature key={feature}>
                  <CheckIcon aria-hidden="true" />
                  {feature}
                </Feature>
              ))}
            </FeatureList>
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
                <ButtonLink to={paths.subscriptionSettings} variant="outline">Subscription Settings</ButtonLink>
              </Actions>
            </>
          ) : (
            <>
              {label === 'Active' && (
                <Detail>
                  <InfoIcon aria-hidden="true" width={14} height={14} /> Your subscription is active until {formatDate(status.data!.expiresAt)}; paying now adds a year after that.
                </Detail>
              )}
              <CardDescription>Tell us which Venmo account sent the ${SUBSCRIPTION_PRICE_USD}.</CardDescription>
              <Form onSubmit={onSubmit} aria-label="Payment confirmation" noValidate>
                <Input label="Venmo username" placeholder="@your-venmo" value={venmoUsername} onChange={(e) => setVenmoUsername(e.target.value)} autoComplete="off" />
                <Textarea label="Notes (optional)" placeholder="Anything that helps us find your payment" value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} />
                <Button type="submit" loading={isLoading} disabled={isLoading} fullWidth>
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
