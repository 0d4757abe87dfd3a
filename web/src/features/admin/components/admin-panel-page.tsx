import { useEffect, useRef } from 'react';
import { paths } from '../../../app/paths';
import { useCurrentUserQuery } from '../../../lib/auth/session-api';
import { tokenStorage } from '../../../lib/storage';
import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { AlertTriangleIcon, LockIcon, SettingsIcon, ShieldIcon } from '../../../ui/icons';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { useGetPanelAuditLogQuery } from '../admin-panel-api';
import { Links, Sections, Wide } from './admin-panel.styles';
import { AuditLogSection } from './audit-log-section';
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

/** /admin-panel: payment requests, manual subscriptions, change college, all users, the audit log, links. */
export function AdminPanelPage() {
  const isAdmin = useIsAdmin();
  const { toast } = useToast();

  useEffect(() => {
    if (isAdmin === false) toast({ title: 'Access Denied', description: 'Admin access required', variant: 'destructive' });
  }, [isAdmin, toast]);

  if (isAdmin === false) {
    return (
      <PageContainer>
        <Card>
          <EmptyState
            icon={<LockIcon />}
            title="Access Denied"
            description="Admin access required"
            action={<ButtonLink to={paths.home} variant="outline">Back to Home</ButtonLink>}
          />
        </Card>
      </PageContainer>
    );
  }
  if (isAdmin === undefined) return null;
  return <AdminPanel />;
}

function AdminPanel() {
  const auditLog = useGetPanelAuditLogQuery();
  const { refetch } = auditLog;
  // Each action shows up in the log once moderation has stored its event, a moment later.
  const refreshTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);
  const refreshAuditLog = () => {
    window.clearTimeout(refreshTimer.current);
    refreshTimer.current = window.setTimeout(() => void refetch(), 800);
  };

  return (
    <PageContainer>
      <PageHeader
        title="Admin Panel"
        icon={<ShieldIcon />}
        description="Payment requests, subscriptions, colleges and users."
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
      <Sections>
        <Wide>
          <PaymentRequestsSection onAction={refreshAuditLog} />
        </Wide>
        <ManualSubscriptionSection onAction={refreshAuditLog} />
        <ChangeCollegeSection onAction={refreshAuditLog} />
        <Wide>
          <UsersSection />
        </Wide>
        <Wide>
          <AuditLogSection
            entries={auditLog.data}
            loading={auditLog.isLoading}
            failed={auditLog.isError}
            onRefresh={() => void refetch()}
          />
        </Wide>
      </Sections>
    </PageContainer>
  );
}
