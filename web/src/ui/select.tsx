import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Field } from './field';
import { SelectWrapper, StyledSelect } from './field.styles';

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
  return (
    <Field label={label} hint={hint} id={id}>
      {(ids) => (
        <SelectWrapper>
          <StyledSelect ref={ref} {...ids} {...rest}>
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </StyledSelect>
        </SelectWrapper>
      )}
    </Field>
  );
});
