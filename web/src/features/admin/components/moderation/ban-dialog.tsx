import { BAN_DURATION_HOURS, BAN_REASON_MAX, MODERATION_MESSAGES } from '@quad/contracts';
import { ActionForm, FormDialog } from '../../../../ui/form-dialog';
import { Textarea } from '../../../../ui/input';
import { Select } from '../../../../ui/select';
import { useFields } from '../../../../ui/use-fields';
import { useSubmitForm } from '../../../../ui/use-submit';
import { useBanUserMutation } from '../../moderation-api';
import { BAN_DURATION_LABELS } from './format';

export interface BanTarget {
  userId: string;
  name: string;
  /** Prefills the reason, e.g. from the report being acted on. */
  suggestedReason?: string;
}

const DEFAULT_BAN_HOURS = 24;
const durationOptions = BAN_DURATION_HOURS.map((hours) => ({
  value: String(hours),
  label: BAN_DURATION_LABELS[hours] ?? `${hours} hours`,
}));

/** 'Ban User': a reason (required) and a duration of spec section 9 (24 hours by default). */
export function BanDialog({ target, onClose }: { target: BanTarget | null; onClose: () => void }) {
  return (
    <FormDialog
      item={target}
      itemKey={(item) => item.userId}
      onClose={onClose}
      title="Ban User"
      description={target ? `Suspend ${target.name} from Quad.` : undefined}
    >
      {(item) => <BanForm target={item} onClose={onClose} />}
    </FormDialog>
  );
}

function BanForm({ target, onClose }: { target: BanTarget; onClose: () => void }) {
  const { values, bind } = useFields({
    reason: target.suggestedReason ?? '',
    hours: String(DEFAULT_BAN_HOURS),
  });
  const [banUser] = useBanUserMutation();
  const hours = Number(values.hours);
  const form = useSubmitForm({
    check: () => !values.reason.trim() && ['Reason required', MODERATION_MESSAGES.banReasonRequired],
    call: () => banUser({ userId: target.userId, reason: values.reason.trim(), banDuration: hours }).unwrap(),
    success: {
      title: 'User banned',
      description: `${target.name} is suspended for ${BAN_DURATION_LABELS[hours]}.`,
    },
    failure: 'Failed to ban user',
    onSuccess: onClose,
  });

  return (
    <ActionForm
      label="Ban user"
      form={form}
      onCancel={onClose}
      submitLabel="Ban User"
      busyLabel="Banning..."
      variant="destructive"
    >
      <Textarea
        label="Reason"
        placeholder="What rule was broken? The student sees this."
        rows={3}
        maxLength={BAN_REASON_MAX}
        {...bind('reason')}
      />
      <Select label="Ban duration" options={durationOptions} {...bind('hours')} />
    </ActionForm>
  );
}
