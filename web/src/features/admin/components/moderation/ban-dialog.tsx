import { BAN_DURATION_HOURS, BAN_REASON_MAX, MODERATION_MESSAGES } from '@quad/contracts';
import { ActionForm, formDialog, type ItemFormProps } from '../../../../ui/form-dialog';
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

function BanForm({ item: target, onClose }: ItemFormProps<BanTarget>) {
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

/** 'Ban User': a reason (required) and a duration of spec section 9 (24 hours by default). */
export const BanDialog = formDialog(BanForm, {
  title: 'Ban User',
  describe: (target) => `Suspend ${target.name} from Quad.`,
  itemKey: (target) => target.userId,
});
