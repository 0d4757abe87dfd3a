import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldRoot, Hint, Label, StyledInput, StyledTextarea } from './field.styles';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldProps;

/** A labelled text input; the label is always tied to the control for screen readers and tests. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ label, hint, error, id, ...rest }, ref) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  return (
    <FieldRoot>
      <Label htmlFor={inputId}>{label}</Label>
      <StyledInput
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint || error ? hintId : undefined}
        {...rest}
      />
      {(error || hint) && (
        <Hint id={hintId} $error={Boolean(error)}>
          {error ?? hint}
        </Hint>
      )}
    </FieldRoot>
  );
});

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ label, hint, error, id, ...rest }, ref) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const hintId = `${textareaId}-hint`;
  return (
    <FieldRoot>
      <Label htmlFor={textareaId}>{label}</Label>
      <StyledTextarea ref={ref} id={textareaId} aria-describedby={hint || error ? hintId : undefined} {...rest} />
      {(error || hint) && (
        <Hint id={hintId} $error={Boolean(error)}>
          {error ?? hint}
        </Hint>
      )}
    </FieldRoot>
  );
});
