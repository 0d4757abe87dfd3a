import { useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

export interface ConfirmationOptions<T> extends Pick<ConfirmDialogProps, 'confirmLabel' | 'busy'> {
  title: ReactNode | ((item: T) => ReactNode);
  message: ReactNode;
  /** The action, once confirmed; the question stays open (busy) until it settles. */
  onConfirm: (item: T) => Promise<unknown> | void;
  /** Close the question as soon as it is answered (the item shows its own progress) instead of after the action. */
  closeAtOnce?: boolean;
}

export interface Confirmation<T> {
  /** Asks about this item. */
  ask: (item: T) => void;
  /** The question's dialog: render it once beside the items. */
  dialog: ReactNode;
}

/** 'Are you sure…?' before an action on one item (delete a post, a comment, an idea, a poll; block a student). */
export function useConfirmation<T>({
  title,
  message,
  onConfirm,
  closeAtOnce = false,
  ...dialog
}: ConfirmationOptions<T>): Confirmation<T> {
  const [pending, setPending] = useState<T | null>(null);

  async function confirm() {
    if (pending === null) return;
    if (closeAtOnce) setPending(null);
    await onConfirm(pending);
    setPending(null);
  }

  return {
    ask: setPending,
    dialog: (
      <ConfirmDialog
        {...dialog}
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={typeof title !== 'function' ? title : pending !== null ? title(pending) : null}
        message={message}
        onConfirm={() => void confirm()}
      />
    ),
  };
}
