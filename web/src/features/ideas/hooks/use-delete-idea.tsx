import { IDEA_DELETE_FAILED, type Idea } from '@quad/contracts';
import type { ReactNode } from 'react';
import { useConfirmation } from '../../../ui/use-confirmation';
import { useDeleteIdeaMutation } from '../api';
import { useSubmit } from '../../../ui/use-submit';

export const DELETE_IDEA_QUESTION =
  'Are you sure you want to delete this idea? This action cannot be undone.';

/**
 * Delete with a confirmation first, for the hub's cards and the detail page alike. Returns the
 * function that asks and the dialog to render.
 */
export function useDeleteIdea(onDeleted?: (idea: Idea) => void): {
  requestDelete: (idea: Idea) => void;
  confirmDialog: ReactNode;
} {
  const [deleteIdea, { isLoading }] = useDeleteIdeaMutation();
  const { submit } = useSubmit();
  const { ask, dialog } = useConfirmation<Idea>({
    title: 'Delete idea',
    message: DELETE_IDEA_QUESTION,
    busy: isLoading,
    onConfirm: (idea) =>
      submit(() => deleteIdea(idea.id).unwrap(), {
        success: { title: 'Idea deleted', description: `'${idea.title}' was deleted.` },
        failure: IDEA_DELETE_FAILED,
        onSuccess: () => onDeleted?.(idea),
      }),
  });
  return { requestDelete: ask, confirmDialog: dialog };
}
