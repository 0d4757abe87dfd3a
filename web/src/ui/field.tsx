import { useId, type ReactNode } from 'react';
import { FieldRoot, Hint, Label } from './field.styles';

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** The ids that tie a control to its label and its hint (or error). */
interface ControlIds {
  id: string;
  'aria-describedby': string | undefined;
}

/**
 * A label, a control and its hint or error: the one layout of every text field. The control is
 * given the ids that tie it to the label and the hint.
 */
export function Field({
  label,
  hint,
  error,
  id,
  children,
}: FieldProps & { id?: string; children: (ids: ControlIds) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  return (
    <FieldRoot>
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, 'aria-describedby': hint || error ? hintId : undefined })}
      {(error || hint) && (
        <Hint id={hintId} $error={Boolean(error)}>
          {error ?? hint}
        </Hint>
      )}
    </FieldRoot>
  );
}
