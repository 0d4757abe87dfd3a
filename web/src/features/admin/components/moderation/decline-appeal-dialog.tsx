import { APPEAL_MESSAGE_MAX, MODERATION_MESSAGES, type Appeal } from '@quad/contracts';
import { ActionForm, formDialog, type ItemFormProps } from '../../../../ui/form-dialog';
import { Textarea } from '../../../../ui/input';
import { useFields } from '../../../../ui/use-fields';
import { useSubmitForm } from '../../../../ui/use-submit';
import { useDecideAppealMutation } from '../../moderation-api';

function DeclineForm({ item: appeal, onClose }: ItemFormProps<Appeal>) {
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

/** Declining an appeal needs a message: the student reads it on the suspension screen. */
export const DeclineAppealDialog = formDialog(DeclineForm, {
  title: 'Decline Appeal',
  description: 'The ban stays in place. The student sees your message on the suspension screen.',
  itemKey: (appeal) => appeal.id,
});
