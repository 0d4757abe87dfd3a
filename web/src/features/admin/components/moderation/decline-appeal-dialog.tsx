import { APPEAL_MESSAGE_MAX, MODERATION_MESSAGES, type Appeal } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { FormButtons } from '../../../../ui/form-buttons';
import { Dialog } from '../../../../ui/dialog';
import { Stack } from '../../../../ui/stack';
import { Textarea } from '../../../../ui/input';
import { useSubmit } from '../../../../ui/use-submit';
import { useDecideAppealMutation } from '../../moderation-api';

/** Declining an appeal needs a message: the student reads it on the suspension screen. */
export function DeclineAppealDialog({ appeal, onClose }: { appeal: Appeal | null; onClose: () => void }) {
  return (
    <Dialog
      open={appeal !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Decline Appeal"
      description="The ban stays in place. The student sees your message on the suspension screen."
    >
      {appeal && <DeclineForm key={appeal.id} appeal={appeal} onClose={onClose} />}
    </Dialog>
  );
}

function DeclineForm({ appeal, onClose }: { appeal: Appeal; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const [decide, { isLoading }] = useDecideAppealMutation();
  const { submit, refuse } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) {
      refuse('Message required', MODERATION_MESSAGES.declineMessageRequired);
      return;
    }
    await submit(() => decide({ id: appeal.id, decision: 'declined', response: message.trim() }).unwrap(), {
      success: { title: 'Appeal declined' },
      failure: 'Failed to decline appeal',
      onSuccess: onClose,
    });
  }

  return (
    <Stack as="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Decline appeal">
      <Textarea
        label="Message to the student"
        rows={3}
        maxLength={APPEAL_MESSAGE_MAX}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <FormButtons onCancel={onClose} busy={isLoading} submitLabel="Decline Appeal" busyLabel="Declining..." variant="destructive" />
    </Stack>
  );
}
