import { PRODUCT_NAME } from '@quad/contracts';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { scheduleNavigation } from '../../../app/scheduled-navigation';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { CreditCardIcon } from '../../../ui/icons';
import { PageContainer, PageHeader } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { useCreateSubscriptionMutation } from '../api';
import { PlanFeatures } from './plan-features';
import { Actions, Callout, NavLinks, Stack } from './subscription.styles';

/** After a mock payment the app goes home 1.5 s later (spec section 9). */
export const MOCK_SUBSCRIPTION_REDIRECT_MS = 1500;

/** Where a student can go instead of subscribing now. */
const ELSEWHERE = [
  { label: 'Home', to: paths.home },
  { label: 'Friends', to: paths.friends },
  { label: 'Messages', to: paths.messages },
  { label: 'Profile', to: paths.profile },
];

export const SUBSCRIPTION_FEATURES = [
  'College-specific forums',
  'Real-time messaging',
  'Friend network',
  'Topic discussions',
  'Safe & moderated',
] as const;

/** /subscribe: what the subscription gives and how to get it (spec section 2, Subscription page). */
export function SubscribePage() {
  const [createSubscription, { isLoading }] = useCreateSubscriptionMutation();
  const { toast } = useToast();
  const navigate = useNavigate();

  async function subscribe() {
    try {
      const result = await createSubscription().unwrap();
      if (result.mockPayment) {
        toast({ title: 'Subscription Active!', description: result.message });
        scheduleNavigation(paths.home, MOCK_SUBSCRIPTION_REDIRECT_MS);
      } else {
        // Card payments need Stripe; Quad takes payments through Venmo, checked by an admin.
        toast({
          title: 'Payment Required',
          description: 'Real payment processing requires Stripe configuration.',
        });
        navigate(paths.payment);
      }
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to create subscription. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <PageContainer>
      <PageHeader
        title={`Join ${PRODUCT_NAME}`}
        icon={<CreditCardIcon />}
        description="Everything your college community has to offer, in one place."
      />
      <Stack>
        <Callout>
          <strong>Special Launch Pricing</strong>
          Only $10/year
        </Callout>
        <Card>
          <CardTitle>Annual Subscription</CardTitle>
          <CardDescription>Full access for a whole year, verified by hand within 24 hours.</CardDescription>
          <PlanFeatures per="/ year" label="What you get" features={SUBSCRIPTION_FEATURES} />
          <Actions>
            <Button size="lg" onClick={subscribe} busy={isLoading}>
              Subscribe Now
            </Button>
          </Actions>
        </Card>
        <NavLinks aria-label="Elsewhere in Quad">
          {ELSEWHERE.map(({ label, to }) => (
            <ButtonLink key={to} to={to} variant="ghost">
              {label}
            </ButtonLink>
          ))}
        </NavLinks>
      </Stack>
    </PageContainer>
  );
}
