import { SUPPORT_EMAIL } from '@quad/contracts';
import { useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectUserDevice } from '../../../lib/device/device-slice';
import { Badge } from '../../../ui/badge';
import { Button, ButtonAnchor, ButtonLink } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SettingsIcon } from '../../../ui/icons';
import { PageContainer, PageHeader } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { DeleteAccountCard, YourDataCard } from '../../account';
import { BlockedUsers } from '../../friends';
import { NotificationPreferencesCard } from '../../notifications';
import { AppearanceCard } from '../../settings';
import { useCancelSubscriptionMutation, useGetSubscriptionHistoryQuery, useSubscriptionStatus } from '../api';
import { formatDate, historyText, subscriptionLabel } from '../format';
import { Actions, Detail, HistoryList, Stack, StatusRow } from './subscription.styles';
import { useSubmit } from '../../../ui/use-submit';

const DEVICE_NAMES = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' } as const;
const BADGE_VARIANT = { Active: 'success', Expired: 'danger', 'No subscription': 'default' } as const;

/** /subscription-settings: status, expiry, cancel, device preference, help and history (spec section 2). */
export function SubscriptionSettingsPage() {
  const status = useSubscriptionStatus();
  const history = useGetSubscriptionHistoryQuery();
  const [cancelSubscription, { isLoading: cancelling }] = useCancelSubscriptionMutation();
  const device = useAppSelector(selectUserDevice);
  const { submit } = useSubmit();
  const [confirming, setConfirming] = useState(false);

  const label = subscriptionLabel(status.data);
  const expiry = formatDate(status.data?.expiresAt ?? null);
  const cancelled = Boolean(status.data?.cancelledAt);

  async function confirmCancel() {
    await submit(() => cancelSubscription().unwrap(), {
      success: (result) => ({ title: 'Subscription Cancelled', description: result.message }),
      failure: 'Cancellation Failed',
    });
    setConfirming(false);
  }

  return (
    <PageContainer>
      <PageHeader title="Subscription Settings" icon={<SettingsIcon />} description="Your subscription, appearance, device preference and help." />
      <Stack>
        <Card aria-labelledby="subscription-status-title">
          <CardTitle id="subscription-status-title">Subscription Status</CardTitle>
          {status.isLoading ? (
            <Spinner label="Loading subscription" />
          ) : (
            <>
              <StatusRow>
                <Badge $variant={BADGE_VARIANT[label]}>{label}</Badge>
                {cancelled && label === 'Active' && <Badge $variant="warning">Cancelled</Badge>}
              </StatusRow>
              {label === 'Active' && (
                <Detail>
                  {cancelled ? `Cancelled — you keep access until ${expiry}.` : `Expires on ${expiry}.`}
                </Detail>
              )}
              {label === 'Expired' && <Detail>Your subscription expired on {expiry}.</Detail>}
              {label === 'No subscription' && <Detail>Subscribe for $10/year to use boards, chat, friends, ideas and polls.</Detail>}
              {status.data?.pendingPayment && (
                <Detail role="status">Your payment from {formatDate(status.data.pendingPayment.createdAt)} is waiting for an admin's review.</Detail>
              )}
              <Actions>
                {label === 'Active' && !cancelled && (
                  <Button variant="outline" onClick={() => setConfirming(true)}>
                    Cancel Subscription
                  </Button>
                )}
                {label !== 'Active' && !status.data?.pendingPayment && <ButtonLink to={paths.subscribe}>Subscribe Now</ButtonLink>}
                {label === 'Active' && <ButtonLink to={paths.payment} variant="secondary">Renew</ButtonLink>}
              </Actions>
            </>
          )}
        </Card>

        <AppearanceCard />

        <NotificationPreferencesCard />

        <Card>
          <CardTitle>Device Preference</CardTitle>
          <CardDescription>
            Current layout: <strong>{device ? DEVICE_NAMES[device] : 'Desktop'}</strong>
          </CardDescription>
          <Actions>
            <ButtonLink to={paths.deviceSelection} variant="outline">Change Device</ButtonLink>
          </Actions>
        </Card>

        {/* Blocking is the social feature's; its card lives with the other settings. */}
        <BlockedUsers />

        <Card>
          <CardTitle>Subscription History</CardTitle>
          {history.isLoading ? (
            <Spinner label="Loading history" />
          ) : history.data && history.data.length > 0 ? (
            <HistoryList aria-label="Subscription history">
              {history.data.map((entry) => (
                <li key={entry.id}>
                  <span>{historyText(entry)}</span>
                  <time dateTime={entry.at}>{formatDate(entry.at)}</time>
                </li>
              ))}
            </HistoryList>
          ) : (
            <CardDescription>No payments or grants yet.</CardDescription>
          )}
        </Card>

        {/* The account's own data: its cards live with the account feature. */}
        <YourDataCard />
        <DeleteAccountCard />

        <Card>
          <CardTitle>Help</CardTitle>
          <CardDescription>
            Payments are checked by hand: after you pay $10 through Venmo, an admin approves it and you receive an e-mail
            confirmation, usually within 24 hours. Cancelling stops renewal; you keep access until your expiry date.
          </CardDescription>
          <Actions>
            <ButtonAnchor href={`mailto:${SUPPORT_EMAIL}`} variant="outline">Contact Support</ButtonAnchor>
          </Actions>
        </Card>
      </Stack>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Subscription"
        message={`Are you sure you want to cancel your subscription? You will keep access until ${expiry}.`}
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        busy={cancelling}
        onConfirm={confirmCancel}
      />
    </PageContainer>
  );
}
