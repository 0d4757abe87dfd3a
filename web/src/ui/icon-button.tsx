import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { icon, space } from '../app/theme';
import { XIcon } from './icons';
import { quietButton } from './quiet-button';

export type IconButtonSize = 'sm' | 'md' | 'lg';
const sizes: Record<IconButtonSize, ReturnType<typeof css>> = {
  sm: css`width: ${space(7)}; height: ${space(7)}; border-radius: ${({ theme }) => theme.radii.sm}; svg { ${icon('sm')} }`,
  md: css`width: ${space(8)}; height: ${space(8)}; svg { ${icon('md')} }`,
  lg: css`width: ${space(10)}; height: ${space(10)}; svg { ${icon('xl')} }`,
};

/**
 * A square, borderless button holding one icon (menus, close, the mobile menu). Always give it
 * an aria-label: the icon is its only content.
 */
export const IconButton = styled.button<{ $size?: IconButtonSize }>`
  ${quietButton}
  display: grid;
  place-items: center;
  flex-shrink: 0;
  &:hover, &[aria-expanded='true'] { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  ${({ $size = 'md' }) => sizes[$size]}
`;

const CornerButton = styled(IconButton)`
  position: absolute;
  top: ${space(4)};
  right: ${space(4)};
`;

export interface CloseButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name; 'Close' by default. */
  label?: string;
  /** 'corner' pins it to the top right of a positioned panel (dialogs); 'inline' leaves it in the flow. */
  placement?: 'corner' | 'inline';
  size?: IconButtonSize;
}

/** The ✕ that closes a dialog, a tour or a menu. */
export const CloseButton = forwardRef<HTMLButtonElement, CloseButtonProps>(function CloseButton(
  { label = 'Close', placement = 'corner', size = 'md', ...props },
  ref,
) {
  const Root = placement === 'corner' ? CornerButton : IconButton;
  return (
    <Root ref={ref} type="button" aria-label={label} $size={size} {...props}>
      <XIcon />
    </Root>
  );
});
