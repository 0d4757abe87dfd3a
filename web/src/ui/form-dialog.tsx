import { Fragment, type ReactNode } from 'react';
import { Dialog, type DialogWidth } from './dialog';
import { FormButtons, type FormButtonsProps } from './form-buttons';
import { Stack } from './stack';
import type { SubmitForm } from './use-submit';

export interface FormDialogProps<T> {
  /** What the dialog acts on (the user to ban, the report to resolve); null when it is closed. */
  item: T | null;
  /** A new item (another key) starts a fresh form. */
  itemKey: (item: T) => string;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  width?: DialogWidth;
  /** The form for the item. */
  children: (item: T) => ReactNode;
}

/** A dialog holding one form about one item: open while there is an item, a fresh form for each. */
export function FormDialog<T>({
  item,
  itemKey,
  onClose,
  title,
  description,
  width,
  children,
}: FormDialogProps<T>) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      width={width}
    >
      {item !== null && <Fragment key={itemKey(item)}>{children(item)}</Fragment>}
    </Dialog>
  );
}

export interface ActionFormProps extends Omit<FormButtonsProps, 'busy'> {
  /** The form's accessible name, e.g. 'Ban user'. */
  label: string;
  form: SubmitForm;
  children: ReactNode;
}

/** A dialog's form: its fields, then Cancel and the submit button, sent through `useSubmitForm`. */
export function ActionForm({ label, form, children, ...buttons }: ActionFormProps) {
  return (
    <Stack as="form" onSubmit={form.onSubmit} noValidate aria-label={label}>
      {children}
      <FormButtons busy={form.busy} {...buttons} />
    </Stack>
  );
}
