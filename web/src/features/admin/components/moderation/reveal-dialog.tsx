import {
  MODERATION_MESSAGES,
  REVEAL_REASON_MIN,
  type AdminReport,
  type ModerationPerson,
} from '@quad/contracts';
import { ActionForm, FormDialog } from '../../../../ui/form-dialog';
import { Textarea } from '../../../../ui/input';
import { useFields } from '../../../../ui/use-fields';
import { useSubmitForm } from '../../../../ui/use-submit';
import { useRevealAuthorMutation } from '../../moderation-api';

type OnRevealed = (reportId: string, author: ModerationPerson) => void;

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
  onRevealed: OnRevealed;
}) {
  return (
    <FormDialog
      item={report}
      itemKey={(item) => item.id}
      onClose={onClose}
      title="Reveal Anonymous Author"
      description="Anonymity protects students. Reveal an author only to act on abuse; your reason is recorded in the audit log."
    >
      {(item) =>
        // Only posts and comments are ever anonymous (a message report never hides its author).
        item.type !== 'message' && (
          <RevealForm report={item} contentType={item.type} onClose={onClose} onRevealed={onRevealed} />
        )
      }
    </FormDialog>
  );
}

function RevealForm({
  report,
  contentType,
  onClose,
  onRevealed,
}: {
  report: AdminReport;
  contentType: 'post' | 'comment';
  onClose: () => void;
  onRevealed: OnRevealed;
}) {
  const { values, bind } = useFields({ reason: '' });
  const [reveal] = useRevealAuthorMutation();
  const reason = values.reason.trim();
  const form = useSubmitForm({
    check: () =>
      reason.length < REVEAL_REASON_MIN && ['Reason required', MODERATION_MESSAGES.revealReasonRequired],
    call: () => reveal({ type: contentType, contentId: report.contentId, reason }).unwrap(),
    success: { title: 'Author revealed', description: 'This reveal has been recorded in the audit log.' },
    failure: 'Failed to reveal author',
    onSuccess: (result) => {
      onRevealed(report.id, result.author);
      onClose();
    },
  });

  return (
    <ActionForm
      label="Reveal author"
      form={form}
      onCancel={onClose}
      submitLabel="Reveal Author"
      busyLabel="Revealing..."
      variant="destructive"
    >
      <Textarea
        label="Reason for revealing"
        placeholder="e.g. Threats against another student in this post"
        rows={3}
        {...bind('reason')}
      />
    </ActionForm>
  );
}
