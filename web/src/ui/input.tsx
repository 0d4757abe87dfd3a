import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';
import { StyledInput, StyledTextarea } from './field.styles';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldProps;

/** A labelled text input; the label is always tied to the control for screen readers and tests. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, hint, error, id, ...rest },
  ref,
) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(ids) => <StyledInput ref={ref} {...ids} aria-invalid={error ? true : undefined} {...rest} />}
    </Field>
  );
});

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, hint, error, id, ...rest },
  ref,
) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(ids) => <StyledTextarea ref={ref} {...ids} {...rest} />}
    </Field>
  );
});
