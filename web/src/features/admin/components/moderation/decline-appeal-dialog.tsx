import { APPEAL_MESSAGE_MAX, MODERATION_MESSAGES, type Appeal } from '@quad/contracts';
import { ActionForm, FormDialog } from '../../../../ui/form-dialog';
import { Textarea } from '../../../../ui/input';
import { useFields } from '../../../../ui/use-fields';
import { useSubmitForm } from '../../../../ui/use-submit';
import { useDecideAppealMutation } from '../../moderation-api';

/** Declining an appeal needs a message: the student reads it on the suspension screen. */
export function DeclineAppealDialog({ appeal, onClose }: { appeal: Appeal | null; onClose: () => void }) {
  return (
    <FormDialog
      item={appeal}
      itemKey={(item) => item.id}
      onClose={onClose}
      title="Decline Appeal"
      description="The ban stays in place. The student sees your message on the suspension screen."
    >
      {(item) => <DeclineForm appeal={item} onClose={onClose} />}
    </FormDialog>
  );
}

function DeclineForm({ appeal, onClose }: { appeal: Appeal; onClose: () => void }) {
  const { values, bind } = useFields({ message: '' });
  const [decide] = useDecideAppealMutation();
  const message = values.message.trim();
  const form = useSubmitForm({
    check: () => !message && ['Message required', MODERATION_MESSAGES.declineMessageRequired],
    call: () => decide({ id: appeal.id, decision: 'declined', response: message }).unwrap(),
    success: { title: 'Appeal declined' },
    failure: 'Failed to decline appeal',
    onSuccess: onClose,
  });

  return (
    <ActionForm
      label="Decline appeal"
      form={form}
      onCancel={onClose}
      submitLabel="Decline Appeal"
      busyLabel="Declining..."
      variant="destructive"
    >
      <Textarea label="Message to the student" rows={3} maxLength={APPEAL_MESSAGE_MAX} {...bind('message')} />
    </ActionForm>
  );
}
