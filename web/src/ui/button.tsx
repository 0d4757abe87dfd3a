import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import type { LinkProps } from 'react-router-dom';
import {
  ButtonSpinner,
  StyledButton,
  StyledButtonAnchor,
  StyledButtonLink,
  type ButtonSize,
  type ButtonVariant,
} from './button.styles';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner before the label; does not disable by itself. */
  loading?: boolean;
  /** While the button's action runs: spins and is disabled (`loading` and `disabled` at once). */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    fullWidth,
    loading,
    busy,
    disabled,
    type = 'button',
    children,
    ...rest
  },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={disabled || busy}
      {...rest}
    >
      {(loading || busy) && <ButtonSpinner aria-hidden="true" />}
      {children}
    </StyledButton>
  );
});

export type { ButtonSize, ButtonVariant };

export interface ButtonLinkProps extends Omit<LinkProps, 'color'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** Navigation that looks like a button (in-app route). */
export function ButtonLink({ variant = 'primary', size = 'md', fullWidth, ...rest }: ButtonLinkProps) {
  return <StyledButtonLink $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
}

export interface ButtonAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** An anchor that looks like a button (mailto: links, full-page navigation). */
export function ButtonAnchor({ variant = 'primary', size = 'md', fullWidth, ...rest }: ButtonAnchorProps) {
  return <StyledButtonAnchor $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
}
