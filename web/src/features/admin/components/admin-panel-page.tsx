import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useCurrentUserQuery } from '../../../lib/auth/session-api';
import { tokenStorage } from '../../../lib/storage';
import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { AlertTriangleIcon, LockIcon, SettingsIcon, ShieldIcon } from '../../../ui/icons';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { Tabs } from '../../../ui/tabs';
import { PAYMENT_REQUESTS_POLL_MS, useGetPaymentRequestsQuery } from '../admin-panel-api';
import { AdminsSection } from './admins-section';
import { Links, Sections } from './admin-panel.styles';
import { AuditLogSection } from './audit-log-section';
import { CountedLabel } from './counted-label';
import { ChangeCollegeSection } from './change-college-section';
import { ManualSubscriptionSection } from './manual-subscription-section';
import { PaymentRequestsSection } from './payment-requests-section';
import { UsersSection } from './users-section';

/** Admin pages need an admin token in storage (spec section 5); an admin account signed in normally passes too. */
function useIsAdmin(): boolean | undefined {
  const user = useCurrentUserQuery();
  if (tokenStorage.hasAdminToken()) return true;
  if (user.isLoading) return undefined;
  return Boolean(user.data?.isAdmin);
}

/** /admin-panel: payment requests, users, the audit log, admins, manual subscriptions and change college as tabs; links. */
export function AdminPanelPage() {
  const isAdmin = useIsAdmin();
  const { toast } = useToast();

  useEffect(() => {
    if (isAdmin === false)
      toast({ title: 'Access Denied', description: 'Admin access required', variant: 'destructive' });
  }, [isAdmin, toast]);

  if (isAdmin === false) {
    return (
      <PageContainer>
        <Card>
          <EmptyState
            icon={<LockIcon />}
            title="Access Denied"
            description="Admin access required"
            action={
              <ButtonLink to={paths.home} variant="outline">
                Back to Home
              </ButtonLink>
            }
          />
        </Card>
      </PageContainer>
    );
  }
  if (isAdmin === undefined) return null;
  return <AdminPanel />;
}

const PANEL_TABS = ['payments', 'users', 'audit', 'admins', 'tools'] as const;
type PanelTab = (typeof PANEL_TABS)[number];

/** The panel's sections as tabs; the tab is in the URL (`?tab=users`) with its search and filters. */
function AdminPanel() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as PanelTab | null;
  const tab: PanelTab = requested && PANEL_TABS.includes(requested) ? requested : 'payments';
  // The pending count on the Payments tab: one row asked for, its X-Total-Count read.
  const pending = useGetPaymentRequestsQuery(
    { status: 'pending', limit: 1 },
    { pollingInterval: PAYMENT_REQUESTS_POLL_MS },
  );
  const pendingCount = pending.data?.total ?? null;

  return (
    <PageContainer>
      <PageHeader
        title="Admin Panel"
        icon={<ShieldIcon />}
        description="Payment requests, users, the audit log, admins and subscriptions."
        actions={
          <Links aria-label="Admin links">
            <ButtonLink to={paths.adminReports} variant="outline">
              <AlertTriangleIcon aria-hidden="true" /> Reports &amp; Bans
            </ButtonLink>
            <ButtonLink to={paths.subscriptionSettings} variant="outline">
              <SettingsIcon aria-hidden="true" /> Subscription Settings
            </ButtonLink>
          </Links>
        }
      />
      <Tabs<PanelTab>
        label="Admin panel sections"
        value={tab}
        // A new tab starts without the previous tab's search and filters.
        onValueChange={(next) => setParams(next === 'payments' ? {} : { tab: next })}
        items={[
          {
            value: 'payments',
            label: <CountedLabel label="Payments" count={pendingCount} />,
            content: <PaymentRequestsSection pendingCount={pendingCount} />,
          },
          { value: 'users', label: 'Users', content: <UsersSection /> },
          { value: 'audit', label: 'Audit log', content: <AuditLogSection /> },
          { value: 'admins', label: 'Admins', content: <AdminsSection /> },
          {
            value: 'tools',
            label: 'Subscriptions & colleges',
            content: (
              <Sections>
                <ManualSubscriptionSection />
                <ChangeCollegeSection />
              </Sections>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
