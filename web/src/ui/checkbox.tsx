import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { space } from '../app/theme';

const Root = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${space(2.5)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
  cursor: pointer;
  user-select: none;
`;

const Box = styled.input`
  appearance: none;
  flex-shrink: 0;
  display: grid;
  place-items: center;
  width: ${space(4.5)};
  height: ${space(4.5)};
  margin: 0;
  border: 1.5px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: 5px;
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  transition: background 120ms ease, border-color 120ms ease, box-shadow 120ms ease;
  &::after {
    content: '';
    width: 0.3rem;
    height: 0.55rem;
    margin-top: -0.1rem;
    border: solid ${({ theme }) => theme.colors.onPrimary};
    border-width: 0 2px 2px 0;
    transform: rotate(45deg) scale(0);
    transition: transform 120ms ease;
  }
  &:checked { background: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; }
  &:checked::after { transform: rotate(45deg) scale(1); }
  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/** A native checkbox (keyboard and screen readers for free) with the kit's look; the label wraps it. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, id, className, ...rest }, ref) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Root htmlFor={inputId} className={className}>
      <Box ref={ref} id={inputId} type="checkbox" {...rest} />
      <span>{label}</span>
    </Root>
  );
});
