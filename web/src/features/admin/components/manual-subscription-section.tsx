import { COMMERCE_MESSAGES, MANUAL_SUBSCRIPTION_MONTHS } from '@quad/contracts';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';
import { useGrantManualSubscriptionMutation } from '../admin-panel-api';
import { AdminSection, SectionForm } from './admin-section';

const MONTH_OPTIONS = MANUAL_SUBSCRIPTION_MONTHS.map((months) => ({
  value: String(months),
  label: months === 12 ? '12 months (1 year)' : `${months} month${months === 1 ? '' : 's'}`,
}));

/** Grants 1, 3, 6 or 12 months (default 12) to a user by e-mail (spec sections 5 and 9). */
export function ManualSubscriptionSection() {
  const [grant] = useGrantManualSubscriptionMutation();
  const { values, bind, reset } = useFields({ userEmail: '', months: '12' });
  const userEmail = values.userEmail.trim();
  const form = useSubmitForm({
    check: () => !userEmail && ['Error', COMMERCE_MESSAGES.emailRequired],
    call: () => grant({ userEmail, months: Number(values.months) }).unwrap(),
    success: (result) => ({
      title: 'Subscription updated',
      description: `${result.userEmail} is active until ${new Date(result.subscriptionExpiresAt).toLocaleDateString('en-US', { dateStyle: 'long' })}.`,
    }),
    failure: { title: 'Error', description: 'Failed to grant manual subscription.' },
    // The duration stays as chosen for the next grant.
    onSuccess: () => reset(['userEmail']),
  });

  return (
    <AdminSection
      title="Manual Subscription"
      description="Give a user access without a payment, added to any time they have left."
    >
      <SectionForm label="Manual subscription" form={form} submitLabel="Grant Subscription">
        <Input label="User email" type="email" placeholder="student@college.edu" {...bind('userEmail')} />
        <Select label="Duration" options={MONTH_OPTIONS} {...bind('months')} />
      </SectionForm>
    </AdminSection>
  );
}
