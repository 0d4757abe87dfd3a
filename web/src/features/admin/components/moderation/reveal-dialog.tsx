import { MODERATION_MESSAGES, REVEAL_REASON_MIN, type AdminReport, type ModerationPerson } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { FormButtons } from '../../../../ui/form-buttons';
import { Dialog } from '../../../../ui/dialog';
import { Stack } from '../../../../ui/stack';
import { Textarea } from '../../../../ui/input';
import { useSubmit } from '../../../../ui/use-submit';
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
  const { submit, refuse } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < REVEAL_REASON_MIN) {
      refuse('Reason required', MODERATION_MESSAGES.revealReasonRequired);
      return;
    }
    // Only posts and comments are ever anonymous (a message report never hides its author).
    if (report.type === 'message') return;
    const contentType = report.type;
    await submit(() => reveal({ type: contentType, contentId: report.contentId, reason: reason.trim() }).unwrap(), {
      success: { title: 'Author revealed', description: 'This reveal has been recorded in the audit log.' },
      failure: 'Failed to reveal author',
      onSuccess: (result) => {
        onRevealed(report.id, result.author);
        onClose();
      },
    });
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
      <FormButtons onCancel={onClose} busy={isLoading} submitLabel="Reveal Author" busyLabel="Revealing..." variant="destructive" />
    </Stack>
  );
}
