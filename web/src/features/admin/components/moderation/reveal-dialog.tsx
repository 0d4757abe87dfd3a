import { MODERATION_MESSAGES, REVEAL_REASON_MIN, type AdminReport, type ModerationPerson } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../../../api/api-error';
import { Button } from '../../../../ui/button';
import { Dialog } from '../../../../ui/dialog';
import { ButtonRow, Stack } from '../../../../ui/stack';
import { Textarea } from '../../../../ui/input';
import { useToast } from '../../../../ui/toast';
import { useRevealAuthorMutation } from '../../moderation-api';

/**
 * Accountable anonymity: the author of anonymous content is revealed only with a written reason,
 * which is recorded in the audit log.
 */
export function RevealDialog({
  report,
  onClose,
  onRevealed,
}: {
  report: AdminReport | null;
  onClose: () => void;
  onRevealed: (reportId: string, author: ModerationPerson) => void;
}) {
  return (
    <Dialog
      open={report !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reveal Anonymous Author"
      description="Anonymity protects students. Reveal an author only to act on abuse; your reason is recorded in the audit log."
    >
      {report && <RevealForm key={report.id} report={report} onClose={onClose} onRevealed={onRevealed} />}
    </Dialog>
  );
}

function RevealForm({ report, onClose, onRevealed }: { report: AdminReport; onClose: () => void; onRevealed: (reportId: string, author: ModerationPerson) => void }) {
  const [reason, setReason] = useState('');
  const [reveal, { isLoading }] = useRevealAuthorMutation();
  const { toast } = useToast();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < REVEAL_REASON_MIN) {
      toast({ title: 'Reason required', description: MODERATION_MESSAGES.revealReasonRequired, variant: 'destructive' });
      return;
    }
    try {
      // Only posts and comments are ever anonymous (a message report never hides its author).
      if (report.type === 'message') return;
      const result = await reveal({ type: report.type, contentId: report.contentId, reason: reason.trim() }).unwrap();
      onRevealed(report.id, result.author);
      toast({ title: 'Author revealed', description: 'This reveal has been recorded in the audit log.' });
      onClose();
    } catch (error) {
      toast({ title: 'Failed to reveal author', description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Stack as="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reveal author">
      <Textarea
        label="Reason for revealing"
        placeholder="e.g. Threats against another student in this post"
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <ButtonRow>
        <Button variant="outline" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={isLoading} loading={isLoading}>
          {isLoading ? 'Revealing...' : 'Reveal Author'}
        </Button>
      </ButtonRow>
    </Stack>
  );
}
