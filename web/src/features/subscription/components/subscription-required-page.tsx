import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { LockIcon } from '../../../ui/icons';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { paths } from '../../../app/paths';

/** /subscription-required: where a 402 from any community feature lands. */
export function SubscriptionRequiredPage() {
  return (
    <PageContainer>
      <PageHeader title="Subscription Required" icon={<LockIcon />} description="Community features need an active subscription." />
      <Card>
        <EmptyState
          icon={<LockIcon />}
          title="Unlock all of Quad"
          description="Boards, comments, friends, chat, ideas and polls are available with a $10/year subscription."
          action={
            <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', justifyContent: 'center', marginTop: '0.5rem' }}>
              <ButtonLink to={paths.subscribe}>Subscribe Now</ButtonLink>
              <ButtonLink to={paths.payment} variant="secondary">Pay with Venmo</ButtonLink>
              <ButtonLink to={paths.home} variant="outline">Back to Home</ButtonLink>
            </div>
          }
        />
      </Card>
    </PageContainer>
  );
}
