import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { CheckIcon, LockIcon } from '../../../ui/icons';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { paths } from '../../../app/paths';
import { useSubscriptionStatus } from '../api';
import { formatDate } from '../format';
import { space } from '../../../app/theme';

/** /subscription-required: where a 402 from any community feature lands. */
export function SubscriptionRequiredPage() {
  const status = useSubscriptionStatus({ fresh: true });
  if (!status.isFetching && status.data?.isActive) {
    // Approved since the 402 (or reached by a bookmark): nothing is locked any more.
    return (
      <PageContainer>
        <PageHeader title="Subscription Active" icon={<CheckIcon />} description={`Active until ${formatDate(status.data.expiresAt)}.`} />
        <Card>
          <EmptyState
            icon={<CheckIcon />}
            title="You're all set"
            description="Your subscription is active: boards, comments, friends, chat, ideas and polls are open to you."
            action={<ButtonLink to={paths.home}>Go to Home</ButtonLink>}
          />
        </Card>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <PageHeader title="Subscription Required" icon={<LockIcon />} description="Community features need an active subscription." />
      <Card>
        <EmptyState
          icon={<LockIcon />}
          title="Unlock all of Quad"
          description="Boards, comments, friends, chat, ideas and polls are available with a $10/year subscription."
          action={
            <div style={{ display: 'flex', gap: space(2), flexWrap: 'wrap', justifyContent: 'center', marginTop: space(2) }}>
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
