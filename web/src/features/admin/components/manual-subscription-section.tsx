import { COMMERCE_MESSAGES, MANUAL_SUBSCRIPTION_MONTHS } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { useSubmit } from '../../../ui/use-submit';
import { useGrantManualSubscriptionMutation } from '../admin-panel-api';
import { Form, SectionHeader } from './admin-panel.styles';

const MONTH_OPTIONS = MANUAL_SUBSCRIPTION_MONTHS.map((months) => ({
  value: String(months),
  label: months === 12 ? '12 months (1 year)' : `${months} month${months === 1 ? '' : 's'}`,
}));

/** Grants 1, 3, 6 or 12 months (default 12) to a user by e-mail (spec sections 5 and 9). */
export function ManualSubscriptionSection() {
  const [grant, { isLoading }] = useGrantManualSubscriptionMutation();
  const { submit, refuse } = useSubmit();
  const [userEmail, setUserEmail] = useState('');
  const [months, setMonths] = useState('12');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!userEmail.trim()) {
      refuse('Error', COMMERCE_MESSAGES.emailRequired);
      return;
    }
    await submit(() => grant({ userEmail: userEmail.trim(), months: Number(months) }).unwrap(), {
      success: (result) => ({
        title: 'Subscription updated',
        description: `${result.userEmail} is active until ${new Date(result.subscriptionExpiresAt).toLocaleDateString('en-US', { dateStyle: 'long' })}.`,
      }),
      failure: { title: 'Error', description: 'Failed to grant manual subscription.' },
      onSuccess: () => setUserEmail(''),
    });
  }

  return (
    <Card as="section" aria-labelledby="manual-subscription-title">
      <SectionHeader>
        <div>
          <CardTitle id="manual-subscription-title">Manual Subscription</CardTitle>
          <CardDescription>Give a user access without a payment, added to any time they have left.</CardDescription>
        </div>
      </SectionHeader>
      <Form onSubmit={onSubmit} aria-label="Manual subscription" noValidate>
        <Input label="User email" type="email" placeholder="student@college.edu" value={userEmail} onChange={(e) => setUserEmail(e.target.value)} />
        <Select label="Duration" options={MONTH_OPTIONS} value={months} onChange={(e) => setMonths(e.target.value)} />
        <Button type="submit" loading={isLoading} disabled={isLoading}>
          Grant Subscription
        </Button>
      </Form>
    </Card>
  );
}
