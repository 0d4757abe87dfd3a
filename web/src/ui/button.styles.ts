import { Link } from 'react-router-dom';
import styled, { css, keyframes } from 'styled-components';
import { space } from '../app/theme';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    box-shadow: ${({ theme }) => theme.shadows.sm};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; }
    &:active:not(:disabled) { background: ${({ theme }) => theme.colors.primaryActive}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryActive};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primarySoftHover}; }
  `,
  outline: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.textSecondary};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceHover}; border-color: ${({ theme }) => theme.colors.borderStrong}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textSecondary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  `,
  destructive: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onPrimary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.dangerHover}; }
  `,
} satisfies Record<ButtonVariant, ReturnType<typeof css>>;

const sizes = {
  sm: css`height: ${space(8)}; padding: ${space(0, 3)}; font-size: ${({ theme }) => theme.fontSizes.sm};`,
  md: css`height: ${space(10)}; padding: ${space(0, 4)}; font-size: ${({ theme }) => theme.fontSizes.sm};`,
  lg: css`height: ${space(11.5)}; padding: ${space(0, 5)}; font-size: ${({ theme }) => theme.fontSizes.md};`,
  icon: css`height: ${space(10)}; width: ${space(10)}; padding: 0;`,
} satisfies Record<ButtonSize, ReturnType<typeof css>>;

interface ButtonStyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth?: boolean;
}

const buttonCss = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(2)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
  text-decoration: none;
  transition: background 120ms ease, border-color 120ms ease, color 120ms ease, box-shadow 120ms ease;
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  ${({ $variant }) => variants[$variant]}
  ${({ $size }) => sizes[$size]}

  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
  &:hover { text-decoration: none; }
  svg { flex-shrink: 0; width: 1.05em; height: 1.05em; }
`;

export const StyledButton = styled.button<ButtonStyleProps>`${buttonCss}`;
/** A router link that looks like a button. */
export const StyledButtonLink = styled(Link)<ButtonStyleProps>`${buttonCss}`;
/** A plain anchor (mailto:, full-page navigation) that looks like a button. */
export const StyledButtonAnchor = styled.a<ButtonStyleProps>`${buttonCss}`;
/** A label that looks like a button: a file picker's visible part (the input inside stays hidden). */
export const StyledButtonLabel = styled.label<ButtonStyleProps>`
  ${buttonCss}
  &:has(input:focus-visible) { box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

export const ButtonSpinner = styled.span`
  width: 1em;
  height: 1em;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: ${spin} 700ms linear infinite;
`;
