import type { AdminReport } from '@quad/contracts';
import { useState } from 'react';
import { Checkbox } from '../../../../ui/checkbox';
import { ActionForm, formDialog, type ItemFormProps } from '../../../../ui/form-dialog';
import { useSubmitForm } from '../../../../ui/use-submit';
import { useResolveReportMutation } from '../../moderation-api';

function ResolveForm({ item: report, onClose }: ItemFormProps<AdminReport>) {
  // A chat message stays in chat (its sender can be banned instead): nothing to remove.
  const removable = report.type !== 'message';
  const [removeContent, setRemoveContent] = useState(removable);
  const [resolve] = useResolveReportMutation();
  const noun = report.type;
  const form = useSubmitForm({
    call: () => resolve({ id: report.id, action: 'resolved', removeContent }).unwrap(),
    success: {
      title: 'Report resolved',
      description: removeContent ? `The ${noun} has been removed.` : undefined,
    },
    failure: { title: 'Failed to resolve report' },
    onSuccess: onClose,
  });

  return (
    <ActionForm
      label="Resolve report"
      form={form}
      onCancel={onClose}
      submitLabel="Resolve Report"
      busyLabel="Resolving..."
    >
      {removable && (
        <Checkbox
          label={`Remove this ${noun} from Quad`}
          checked={removeContent}
          onChange={(event) => setRemoveContent(event.target.checked)}
        />
      )}
    </ActionForm>
  );
}

/** Resolving a report, optionally removing the reported post or comment for everyone. */
export const ResolveDialog = formDialog(ResolveForm, {
  title: 'Resolve Report',
  description: 'Mark this report as resolved. You can also remove the reported content.',
  itemKey: (report) => report.id,
});
