import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { ButtonSpinner, StyledButton, type ButtonSize, type ButtonVariant } from './button.styles';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner before the label; does not disable by itself. */
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', fullWidth, loading, type = 'button', children, ...rest },
  ref,
) {
  return (
    <StyledButton ref={ref} type={type} $variant={variant} $size={size} $fullWidth={fullWidth} {...rest}>
      {loading && <ButtonSpinner aria-hidden="true" />}
      {children}
    </StyledButton>
  );
});

export { StyledButton as ButtonBase };
export type { ButtonSize, ButtonVariant };
