import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldRoot, Hint, Label, SelectWrapper, StyledSelect } from './field.styles';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Shown as the empty first choice. */
  placeholder?: string;
  hint?: ReactNode;
}

/** A native select (keyboard and screen-reader support for free), styled to match the kit. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, options, placeholder, hint, id, ...rest },
  ref,
) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FieldRoot>
      <Label htmlFor={selectId}>{label}</Label>
      <SelectWrapper>
        <StyledSelect ref={ref} id={selectId} aria-describedby={hint ? `${selectId}-hint` : undefined} {...rest}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </StyledSelect>
      </SelectWrapper>
      {hint && <Hint id={`${selectId}-hint`}>{hint}</Hint>}
    </FieldRoot>
  );
});
