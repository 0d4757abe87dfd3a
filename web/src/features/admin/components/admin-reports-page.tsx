import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { tokenStorage } from '../../../lib/storage';
import { ButtonLink } from '../../../ui/button';
import { AlertTriangleIcon, ArrowLeftIcon } from '../../../ui/icons';
import { PageContainer, PageHeader } from '../../../ui/page';
import { Tabs } from '../../../ui/tabs';
import { useToast } from '../../../ui/toast';
import { useGetAdminReportsQuery, useGetBannedUsersQuery } from '../moderation-api';
import { CountedLabel } from './counted-label';
import { BanDialog, type BanTarget } from './moderation/ban-dialog';
import { BannedUserList } from './moderation/banned-user-list';
import { ReportList } from './moderation/report-list';

type TabValue = 'pending' | 'resolved' | 'banned';

/** /admin-reports, 'Reports & Bans' (spec section 2): Pending Reports, Resolved Reports, Banned Users. */
export function AdminReportsPage() {
  const hasAdminToken = tokenStorage.hasAdminToken();
  const navigate = useNavigate();
  const { toast } = useToast();

  useEffect(() => {
    if (hasAdminToken) return;
    toast({ title: 'Access Denied', description: 'Admin access required', variant: 'destructive' });
    navigate(paths.adminPanel, { replace: true });
  }, [hasAdminToken, navigate, toast]);

  if (!hasAdminToken) return null;
  return <ReportsAndBans />;
}

function ReportsAndBans() {
  const [tab, setTab] = useState<TabValue>('pending');
  const [banning, setBanning] = useState<BanTarget | null>(null);
  const { data: pending } = useGetAdminReportsQuery(['pending']);
  const { data: banned } = useGetBannedUsersQuery();

  return (
    <PageContainer>
      <PageHeader
        title="Reports & Bans"
        description="Review reported content, suspend students who break the rules, and answer their appeals."
        icon={<AlertTriangleIcon />}
        actions={
          <ButtonLink to={paths.adminPanel} variant="outline" size="sm">
            <ArrowLeftIcon />
            Admin Panel
          </ButtonLink>
        }
      />
      <Tabs<TabValue>
        label="Reports and bans"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'pending',
            label: <CountedLabel label="Pending Reports" count={pending?.length} />,
            content: <ReportList handled={false} onBan={setBanning} />,
          },
          {
            value: 'resolved',
            label: 'Resolved Reports',
            content: <ReportList handled onBan={setBanning} />,
          },
          {
            value: 'banned',
            label: <CountedLabel label="Banned Users" count={banned?.length} />,
            content: <BannedUserList />,
          },
        ]}
      />
      <BanDialog item={banning} onClose={() => setBanning(null)} />
    </PageContainer>
  );
}
