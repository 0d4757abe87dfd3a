import type { AdminReport, ModerationPerson, ReportStatus } from '@quad/contracts';
import { useState } from 'react';
import { Badge } from '../../../../ui/badge';
import { Button } from '../../../../ui/button';
import { EyeIcon, FlagIcon } from '../../../../ui/icons';
import { MutedText } from '../../../../ui/text';
import { useGetAdminReportsQuery, useResolveReportMutation } from '../../moderation-api';
import type { BanTarget } from './ban-dialog';
import { formatDateTime, personName } from './format';
import { Facts, ItemActions, ItemCard, ItemHead, ItemTitle, List, Quote } from './moderation.styles';
import { ResolveDialog } from './resolve-dialog';
import { RevealDialog } from './reveal-dialog';
import { FactRows } from '../../../../ui/fact-rows';
import { useSubmit } from '../../../../ui/use-submit';
import { listStatus } from './list-status';

const PENDING: ReportStatus[] = ['pending'];
const HANDLED: ReportStatus[] = ['resolved', 'dismissed'];

/** 'Pending Reports' (with resolve, dismiss, reveal and ban) or 'Resolved Reports' (resolved and dismissed). */
export function ReportList({ handled, onBan }: { handled: boolean; onBan: (target: BanTarget) => void }) {
  const query = useGetAdminReportsQuery(handled ? HANDLED : PENDING);
  const [resolving, setResolving] = useState<AdminReport | null>(null);
  const [revealing, setRevealing] = useState<AdminReport | null>(null);
  const [revealed, setRevealed] = useState<Record<string, ModerationPerson>>({});
  const reports = query.data ?? [];

  const status = listStatus(query, {
    icon: <FlagIcon />,
    loading: 'Loading reports',
    failed: 'Failed to fetch reports',
    emptyTitle: handled ? 'No resolved reports' : 'No pending reports',
    emptyDescription: handled
      ? 'Reports you resolve or dismiss appear here.'
      : 'Reports from students appear here for review.',
  });
  if (status) return status;
  return (
    <>
      <List aria-label={handled ? 'Resolved reports' : 'Pending reports'}>
        {reports.map((report) => (
          <ReportItem
            key={report.id}
            report={report}
            revealedAuthor={revealed[report.id] ?? null}
            onResolve={() => setResolving(report)}
            onReveal={() => setRevealing(report)}
            onBan={onBan}
          />
        ))}
      </List>
      <ResolveDialog item={resolving} onClose={() => setResolving(null)} />
      <RevealDialog
        item={revealing}
        onClose={() => setRevealing(null)}
        onRevealed={(reportId, author) => setRevealed((known) => ({ ...known, [reportId]: author }))}
      />
    </>
  );
}

function ReportItem({
  report,
  revealedAuthor,
  onResolve,
  onReveal,
  onBan,
}: {
  report: AdminReport;
  revealedAuthor: ModerationPerson | null;
  onResolve: () => void;
  onReveal: () => void;
  onBan: (target: BanTarget) => void;
}) {
  const [resolve, { isLoading: dismissing }] = useResolveReportMutation();
  const { submit } = useSubmit();
  const noun = report.type === 'comment' ? 'Comment' : report.type === 'message' ? 'Message' : 'Post';
  const author = report.reportedUser ?? revealedAuthor;
  const authorLabel = author
    ? personName(author)
    : report.authorHidden
      ? 'Anonymous author'
      : 'Unknown author';
  const pending = report.status === 'pending';

  async function dismiss() {
    await submit(() => resolve({ id: report.id, action: 'dismissed' }).unwrap(), {
      success: { title: 'Report dismissed' },
      failure: { title: 'Failed to resolve report' },
    });
  }

  return (
    <ItemCard aria-label={`${noun} reported for ${report.reason}`}>
      <ItemHead>
        <Badge $variant="outline">{noun}</Badge>
        <ItemTitle>{report.reason}</ItemTitle>
        {report.status === 'resolved' && <Badge $variant="success">Resolved</Badge>}
        {report.status === 'dismissed' && <Badge $variant="default">Dismissed</Badge>}
        {report.resolvedByAdmin && (
          <MutedText as="span">
            by{' '}
            {`${report.resolvedByAdmin.firstName} ${report.resolvedByAdmin.lastName}`.trim() ||
              'Anonymous admin'}
          </MutedText>
        )}
        {report.contentRemoved && <Badge $variant="danger">Content removed</Badge>}
        <MutedText as="span">{formatDateTime(report.createdAt)}</MutedText>
      </ItemHead>
      {report.message && (
        <Quote aria-label="Reported message">
          {report.message.groupName ? `In ${report.message.groupName}: ` : 'Direct message: '}“
          {report.message.text}”
        </Quote>
      )}
      {report.description && <Quote>{report.description}</Quote>}
      <Facts>
        <FactRows
          facts={[
            ['Reported user', `${authorLabel}${author?.email ? ` (${author.email})` : ''}`],
            ['Reported by', personName(report.reporter)],
            [`${noun} id`, report.contentId],
            !pending && ['Handled', formatDateTime(report.resolvedAt)],
          ]}
        />
      </Facts>
      {(pending || author) && (
        <ItemActions>
          {pending && (
            <>
              <Button size="sm" onClick={onResolve}>
                Resolve
              </Button>
              <Button size="sm" variant="outline" onClick={() => void dismiss()} busy={dismissing}>
                Dismiss
              </Button>
            </>
          )}
          {pending && report.authorHidden && !author && (
            <Button size="sm" variant="outline" onClick={onReveal}>
              <EyeIcon />
              Reveal Author
            </Button>
          )}
          {author && (
            <Button
              size="sm"
              variant="destructive"
              onClick={() =>
                onBan({ userId: author.id, name: personName(author), suggestedReason: report.reason })
              }
            >
              Ban User
            </Button>
          )}
        </ItemActions>
      )}
    </ItemCard>
  );
}
