import { IDEA_DELETE_FAILED, type Idea } from '@quad/contracts';
import { useState, type ReactNode } from 'react';
import { serverMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';
import { useDeleteIdeaMutation } from '../api';

export const DELETE_IDEA_QUESTION = 'Are you sure you want to delete this idea? This action cannot be undone.';

/**
 * Delete with a confirmation first, for the hub's cards and the detail page alike. Returns the
 * function that asks and the dialog to render.
 */
export function useDeleteIdea(onDeleted?: (idea: Idea) => void): { requestDelete: (idea: Idea) => void; confirmDialog: ReactNode } {
  const [pending, setPending] = useState<Idea | null>(null);
  const [deleteIdea, { isLoading }] = useDeleteIdeaMutation();
  const { toast } = useToast();

  async function confirm() {
    if (!pending) return;
    try {
      await deleteIdea(pending.id).unwrap();
      toast({ title: 'Idea deleted', description: `'${pending.title}' was deleted.` });
      setPending(null);
      onDeleted?.(pending);
    } catch (error) {
      setPending(null);
      toast({ title: IDEA_DELETE_FAILED, description: serverMessage(error), variant: 'destructive' });
    }
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
