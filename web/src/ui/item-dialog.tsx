import { Fragment, type ReactNode } from 'react';
import { Dialog, type DialogProps } from './dialog';

export interface ItemDialogProps<T> extends Omit<DialogProps, 'open' | 'onOpenChange' | 'children'> {
  /** The item the dialog is about; null when closed. */
  item: T | null;
  onClose: () => void;
  /** The dialog's form for the item: mounted afresh for each item, so it starts from that item. */
  children: (item: T) => ReactNode;
}

/** A dialog about one item (edit this post, decline this appeal): open while there is one. */
export function ItemDialog<T extends { id: string }>({
  item,
  onClose,
  children,
  ...dialog
}: ItemDialogProps<T>) {
  return (
    <Dialog {...dialog} open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && <Fragment key={item.id}>{children(item)}</Fragment>}
    </Dialog>
  );
}
