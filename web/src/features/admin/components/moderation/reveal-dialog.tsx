import {
  MODERATION_MESSAGES,
  REVEAL_REASON_MIN,
  type AdminReport,
  type ModerationPerson,
} from '@quad/contracts';
import { ActionForm, formDialog, type ItemFormProps } from '../../../../ui/form-dialog';
import { Textarea } from '../../../../ui/input';
import { useFields } from '../../../../ui/use-fields';
import { useSubmitForm } from '../../../../ui/use-submit';
import { useRevealAuthorMutation } from '../../moderation-api';

interface RevealProps {
  onRevealed: (reportId: string, author: ModerationPerson) => void;
}

/** Only posts and comments are ever anonymous (a message report never hides its author). */
function RevealForm({ item, ...props }: ItemFormProps<AdminReport> & RevealProps) {
  return item.type === 'message' ? null : <ReasonForm report={item} contentType={item.type} {...props} />;
}

function ReasonForm({
  report,
  contentType,
  onClose,
  onRevealed,
}: RevealProps & { report: AdminReport; contentType: 'post' | 'comment'; onClose: () => void }) {
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

/**
 * Accountable anonymity: the author of anonymous content is revealed only with a written reason,
 * which is recorded in the audit log.
 */
export const RevealDialog = formDialog(RevealForm, {
  title: 'Reveal Anonymous Author',
  description:
    'Anonymity protects students. Reveal an author only to act on abuse; your reason is recorded in the audit log.',
  itemKey: (report) => report.id,
});
