import {
  forwardRef,
  type ComponentType,
  type InputHTMLAttributes,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { Field, type FieldProps } from './field';
import { StyledInput, StyledTextarea } from './field.styles';

/** A control given its label, hint and error by `Field` (its ids, and aria-invalid when in error). */
function labelled<E extends HTMLElement, A extends object>(
  Control: ComponentType<A & { ref?: Ref<E> }>,
  name: string,
) {
  const Labelled = forwardRef<E, A & FieldProps & { id?: string }>(function Labelled(
    { label, hint, error, id, ...rest },
    ref,
  ) {
    return (
      <Field label={label} hint={hint} error={error} id={id}>
        {(ids) => <Control ref={ref} {...ids} aria-invalid={error ? true : undefined} {...(rest as A)} />}
      </Field>
    );
  });
  Labelled.displayName = name;
  return Labelled;
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldProps;
export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps;

/** A labelled text input; the label is always tied to the control for screen readers and tests. */
export const Input = labelled<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(StyledInput, 'Input');

/** A labelled textarea, tied to its label the same way. */
export const Textarea = labelled<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  StyledTextarea,
  'Textarea',
);
