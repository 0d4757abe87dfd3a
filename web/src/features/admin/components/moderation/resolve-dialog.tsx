import type { AdminReport } from '@quad/contracts';
import { useState } from 'react';
import { Checkbox } from '../../../../ui/checkbox';
import { Dialog } from '../../../../ui/dialog';
import { FormButtons } from '../../../../ui/form-buttons';
import { Stack } from '../../../../ui/stack';
import { useSubmit } from '../../../../ui/use-submit';
import { useResolveReportMutation } from '../../moderation-api';

/** Resolving a report, optionally removing the reported post or comment for everyone. */
export function ResolveDialog({ report, onClose }: { report: AdminReport | null; onClose: () => void }) {
  return (
    <Dialog
      open={report !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Resolve Report"
      description="Mark this report as resolved. You can also remove the reported content."
    >
      {report && <ResolveForm key={report.id} report={report} onClose={onClose} />}
    </Dialog>
  );
}

function ResolveForm({ report, onClose }: { report: AdminReport; onClose: () => void }) {
  // A chat message stays in chat (its sender can be banned instead): nothing to remove.
  const removable = report.type !== 'message';
  const [removeContent, setRemoveContent] = useState(removable);
  const [resolve, { isLoading }] = useResolveReportMutation();
  const { submit } = useSubmit();
  const noun = report.type;

  async function onConfirm() {
    await submit(() => resolve({ id: report.id, action: 'resolved', removeContent }).unwrap(), {
      success: { title: 'Report resolved', description: removeContent ? `The ${noun} has been removed.` : undefined },
      failure: { title: 'Failed to resolve report' },
      onSuccess: onClose,
    });
  }

  return (
    <Stack as="form"
      onSubmit={(event) => {
        event.preventDefault();
        void onConfirm();
      }}
      aria-label="Resolve report"
    >
      {removable && (
        <Checkbox label={`Remove this ${noun} from Quad`} checked={removeContent} onChange={(event) => setRemoveContent(event.target.checked)} />
      )}
      <FormButtons onCancel={onClose} busy={isLoading} submitLabel="Resolve Report" busyLabel="Resolving..." />
    </Stack>
  );
}
