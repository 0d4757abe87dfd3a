import { BAN_DURATION_HOURS, BAN_REASON_MAX, MODERATION_MESSAGES } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { FormButtons } from '../../../../ui/form-buttons';
import { Dialog } from '../../../../ui/dialog';
import { Stack } from '../../../../ui/stack';
import { Textarea } from '../../../../ui/input';
import { Select } from '../../../../ui/select';
import { useSubmit } from '../../../../ui/use-submit';
import { useBanUserMutation } from '../../moderation-api';
import { BAN_DURATION_LABELS } from './format';

export interface BanTarget {
  userId: string;
  name: string;
  /** Prefills the reason, e.g. from the report being acted on. */
  suggestedReason?: string;
}

const DEFAULT_BAN_HOURS = 24;
const durationOptions = BAN_DURATION_HOURS.map((hours) => ({ value: String(hours), label: BAN_DURATION_LABELS[hours] ?? `${hours} hours` }));

/** 'Ban User': a reason (required) and a duration of spec section 9 (24 hours by default). */
export function BanDialog({ target, onClose }: { target: BanTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()} title="Ban User" description={target ? `Suspend ${target.name} from Quad.` : undefined}>
      {target && <BanForm key={target.userId} target={target} onClose={onClose} />}
    </Dialog>
  );
}

function BanForm({ target, onClose }: { target: BanTarget; onClose: () => void }) {
  const [reason, setReason] = useState(target.suggestedReason ?? '');
  const [hours, setHours] = useState(String(DEFAULT_BAN_HOURS));
  const [banUser, { isLoading }] = useBanUserMutation();
  const { submit, refuse } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      refuse('Reason required', MODERATION_MESSAGES.banReasonRequired);
      return;
    }
    await submit(() => banUser({ userId: target.userId, reason: reason.trim(), banDuration: Number(hours) }).unwrap(), {
      success: { title: 'User banned', description: `${target.name} is suspended for ${BAN_DURATION_LABELS[Number(hours)]}.` },
      failure: 'Failed to ban user',
      onSuccess: onClose,
    });
  }

  return (
    <Stack as="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Ban user">
      <Textarea
        label="Reason"
        placeholder="What rule was broken? The student sees this."
        rows={3}
        maxLength={BAN_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Select label="Ban duration" options={durationOptions} value={hours} onChange={(event) => setHours(event.target.value)} />
      <FormButtons onCancel={onClose} busy={isLoading} submitLabel="Ban User" busyLabel="Banning..." variant="destructive" />
    </Stack>
  );
}
