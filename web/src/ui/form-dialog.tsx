import { Fragment, type ComponentType, type ReactNode } from 'react';
import { Dialog, type DialogWidth } from './dialog';
import { FormButtons, type FormButtonsProps } from './form-buttons';
import { Stack } from './stack';
import type { ToastOptions } from './toast';
import type { SubmitFailure, SubmitForm } from './use-submit';

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

/** The props of the form inside a form dialog: the item it is about and how to close the dialog. */
export interface ItemFormProps<T> {
  item: T;
  onClose: () => void;
}

export interface FormDialogCopy<T> {
  title: ReactNode;
  description?: ReactNode;
  /** A description made from the item, instead of `description`. */
  describe?: (item: T) => ReactNode;
  width?: DialogWidth;
  itemKey: (item: T) => string;
}

/**
 * A dialog component made of a form about one item: `<BanDialog item={target} onClose={…} />` is
 * open while there is an item and shows a fresh `Form` for each; other props go to the form.
 */
export function formDialog<P extends ItemFormProps<unknown>>(
  Form: ComponentType<P>,
  { describe, ...copy }: FormDialogCopy<P['item']>,
) {
  type DialogProps = { item: P['item'] | null; onClose: () => void } & Omit<P, keyof ItemFormProps<unknown>>;
  return function ItemFormDialog({ item, onClose, ...formProps }: DialogProps) {
    const description = describe && item !== null ? describe(item) : copy.description;
    return (
      <FormDialog {...copy} description={description} item={item} onClose={onClose}>
        {(current) => <Form {...({ ...formProps, item: current, onClose } as P)} />}
      </FormDialog>
    );
  };
}

export interface NewItemDialogCopy {
  title: ReactNode;
  description?: ReactNode;
  width?: DialogWidth;
  /** The form's accessible name, e.g. 'Create poll'. */
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** The toast once the item is made. */
  success: ToastOptions;
  /** The toast when it could not be made. */
  failure: SubmitFailure;
}

/** What the form of a new item's dialog gets from the dialog. */
export interface NewItemFormProps<T = unknown> {
  /** Spread on the form's ActionForm: its name, buttons (Cancel closes the dialog) and spacing. */
  frame: Omit<ActionFormProps, 'form' | 'children'>;
  /** Spread into its useSubmitForm: the toasts of success and failure; once made, the dialog closes and tells the page. */
  outcome: { success: ToastOptions; failure: SubmitFailure; onSuccess: (item: T) => void };
}

type MadeItem<F> = F extends NewItemFormProps<infer T> ? T : never;

export type NewItemDialogProps<F> = Omit<F, keyof NewItemFormProps> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Once the item is made (after the dialog closed). */
  onCreated?: (item: MadeItem<F>) => void;
};

/** The create dialogs' forms are longer than an action's: their fields stand a step and a half apart. */
const NEW_ITEM_FORM_GAP = 4.5;

/**
 * A dialog component made of a form that makes something new (a post, an idea, a poll):
 * `<CreatePollDialog open={…} onOpenChange={…} />`, all its words in one place. The form is mounted
 * on each opening, so it starts empty, and gets its `frame` and `outcome`; other props go to it.
 */
export function newItemDialog<F extends NewItemFormProps<never>>(
  Form: ComponentType<F>,
  { title, description, width, success, failure, ...buttons }: NewItemDialogCopy,
) {
  return function NewItemDialog({ open, onOpenChange, onCreated, ...formProps }: NewItemDialogProps<F>) {
    const onClose = () => onOpenChange(false);
    const frame = { ...buttons, gap: NEW_ITEM_FORM_GAP, onCancel: onClose };
    const outcome = {
      success,
      failure,
      onSuccess: (item: MadeItem<F>) => {
        onClose();
        onCreated?.(item);
      },
    };
    return (
      <Dialog title={title} description={description} width={width} open={open} onOpenChange={onOpenChange}>
        {/* The rest of a generic props type is F without its NewItemFormProps; TypeScript cannot tell. */}
        <Form {...({ ...formProps, frame, outcome } as unknown as F)} />
      </Dialog>
    );
  };
}

export interface ActionFormProps extends Omit<FormButtonsProps, 'busy'> {
  /** The form's accessible name, e.g. 'Ban user'. */
  label: string;
  form: SubmitForm;
  /** The gap between the fields in steps of the spacing scale (4 by default). */
  gap?: number;
  children: ReactNode;
}

/** A dialog's form: its fields, then Cancel and the submit button, sent through `useSubmitForm`. */
export function ActionForm({ label, form, gap, children, ...buttons }: ActionFormProps) {
  return (
    <Stack as="form" $gap={gap} onSubmit={form.onSubmit} noValidate aria-label={label}>
      {children}
      <FormButtons busy={form.busy} {...buttons} />
    </Stack>
  );
}
