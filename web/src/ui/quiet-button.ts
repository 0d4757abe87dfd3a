import { css } from 'styled-components';
import { space } from '../app/theme';

/**
 * The look every borderless, transparent button shares (tabs, menu items, topic rows, post and
 * comment actions, icon buttons): muted text that darkens on a grey hover, the focus ring.
 * Each adds its own size, layout and selected state.
 */
export const quietButton = css`
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
  transition: background 120ms ease, color 120ms ease, box-shadow 120ms ease;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

/** A quiet button that fills its row: icon, label and extras left to right (menu items, topic rows). */
export const rowButton = css`
  ${quietButton}
  width: 100%;
  display: flex;
  align-items: center;
  gap: ${space(2.5)};
  text-align: left;
`;
