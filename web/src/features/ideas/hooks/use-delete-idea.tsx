import { IDEA_DELETE_FAILED, type Idea } from '@quad/contracts';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useDeleteIdeaMutation } from '../api';
import { useSubmit } from '../../../ui/use-submit';

export const DELETE_IDEA_QUESTION = 'Are you sure you want to delete this idea? This action cannot be undone.';

/**
 * Delete with a confirmation first, for the hub's cards and the detail page alike. Returns the
 * function that asks and the dialog to render.
 */
export function useDeleteIdea(onDeleted?: (idea: Idea) => void): { requestDelete: (idea: Idea) => void; confirmDialog: ReactNode } {
  const [pending, setPending] = useState<Idea | null>(null);
  const [deleteIdea, { isLoading }] = useDeleteIdeaMutation();
  const { submit } = useSubmit();

  async function confirm() {
    if (!pending) return;
    await submit(() => deleteIdea(pending.id).unwrap(), {
      success: { title: 'Idea deleted', description: `'${pending.title}' was deleted.` },
      failure: IDEA_DELETE_FAILED,
      onSuccess: () => onDeleted?.(pending),
      onFailure: () => setPending(null),
    });
    setPending(null);
  }

  const confirmDialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
      title="Delete idea"
      message={DELETE_IDEA_QUESTION}
      busy={isLoading}
      onConfirm={() => void confirm()}
    />
  );
  return { requestDelete: setPending, confirmDialog };
}
