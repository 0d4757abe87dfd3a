import type { BannedUser } from '@quad/contracts';
import { useState } from 'react';
import { Badge } from '../../../../ui/badge';
import { Button } from '../../../../ui/button';
import { ShieldIcon } from '../../../../ui/icons';
import { MutedText } from '../../../../ui/text';
import { useDecideAppealMutation, useGetBannedUsersQuery, useUnbanUserMutation } from '../../moderation-api';
import { DeclineAppealDialog } from './decline-appeal-dialog';
import { formatDateTime, personName } from './format';
import {
  AppealPanel,
  Facts,
  ItemActions,
  ItemCard,
  ItemHead,
  ItemTitle,
  List,
  Quote,
} from './moderation.styles';
import { FactRows } from '../../../../ui/fact-rows';
import { useSubmit } from '../../../../ui/use-submit';
import { listStatus } from './list-status';

/** 'Banned Users': bans in force, each with its appeal (accept lifts the ban, decline needs a message). */
export function BannedUserList() {
  const query = useGetBannedUsersQuery();
  const [declining, setDeclining] = useState<NonNullable<BannedUser['appeal']> | null>(null);
  const bans = query.data ?? [];

  const status = listStatus(query, {
    icon: <ShieldIcon />,
    loading: 'Loading banned users',
    failed: 'Failed to fetch banned users',
    emptyTitle: 'No banned users',
    emptyDescription: 'Students you ban appear here until the ban ends.',
  });
  if (status) return status;
  return (
    <>
      <List aria-label="Banned users">
        {bans.map((ban) => (
          <BannedUserItem key={ban.id} ban={ban} onDecline={() => setDeclining(ban.appeal)} />
        ))}
      </List>
      <DeclineAppealDialog item={declining} onClose={() => setDeclining(null)} />
    </>
  );
}

/** Students see every admin as one; here the one who banned is named, if the ban says who. */
function adminName(admin: BannedUser['bannedByAdmin']): string {
  return admin ? `${admin.firstName} ${admin.lastName}`.trim() || 'Anonymous admin' : 'Anonymous admin';
}

function BannedUserItem({ ban, onDecline }: { ban: BannedUser; onDecline: () => void }) {
  const [unban, { isLoading: unbanning }] = useUnbanUserMutation();
  const [decide, { isLoading: accepting }] = useDecideAppealMutation();
  const { submit } = useSubmit();
  const name = personName(ban.user);
  const appeal = ban.appeal;

  async function onUnban() {
    await submit(() => unban(ban.userId).unwrap(), {
      success: { title: 'User unbanned', description: `${name} can use Quad again.` },
      failure: { title: 'Failed to unban user' },
    });
  }

  async function onAccept() {
    if (!appeal) return;
    await submit(() => decide({ id: appeal.id, decision: 'accepted' }).unwrap(), {
      success: { title: 'Appeal accepted', description: `${name} can use Quad again.` },
      failure: { title: 'Failed to unban user' },
    });
  }

  return (
    <ItemCard aria-label={`Ban of ${name}`}>
      <ItemHead>
        <ItemTitle>{name}</ItemTitle>
        {ban.user?.email && <MutedText as="span">{ban.user.email}</MutedText>}
        {appeal?.status === 'pending' && <Badge $variant="warning">Appeal pending</Badge>}
        {appeal?.status === 'declined' && <Badge $variant="default">Appeal declined</Badge>}
      </ItemHead>
      <Facts>
        <FactRows
          facts={[
            ['Reason', ban.reason],
            ['Banned until', formatDateTime(ban.banUntil)],
            ['Banned on', formatDateTime(ban.createdAt)],
            ['Banned by', adminName(ban.bannedByAdmin)],
          ]}
        />
      </Facts>
      {appeal && (
        <AppealPanel aria-label={`Appeal from ${name}`}>
          <MutedText as="span">Appeal sent {formatDateTime(appeal.createdAt)}</MutedText>
          <Quote>{appeal.message}</Quote>
          {appeal.status === 'declined' && appeal.response && (
            <MutedText as="span">Your answer: {appeal.response}</MutedText>
          )}
          {appeal.status === 'pending' && (
            <ItemActions>
              <Button size="sm" onClick={() => void onAccept()} busy={accepting}>
                Accept Appeal
              </Button>
              <Button size="sm" variant="outline" onClick={onDecline}>
                Decline
              </Button>
            </ItemActions>
          )}
        </AppealPanel>
      )}
      <ItemActions>
        <Button size="sm" variant="outline" onClick={() => void onUnban()} busy={unbanning}>
          Unban
        </Button>
      </ItemActions>
    </ItemCard>
  );
}
