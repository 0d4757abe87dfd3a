import styled, { keyframes } from 'styled-components';
import { icon, space } from '../app/theme';
import { rowButton } from './quiet-button';

const pop = keyframes`from { opacity: 0; transform: translateY(-4px) scale(0.98); } to { opacity: 1; transform: none; }`;

export const MenuRoot = styled.div`
  position: relative;
  display: inline-flex;
`;

export const MenuList = styled.ul`
  position: absolute;
  top: calc(100% + ${space(1)});
  right: 0;
  z-index: 20;
  min-width: ${space(40)};
  margin: 0;
  padding: ${space(1)};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${pop} 120ms ease;
`;

export const MenuItemButton = styled.button<{ $destructive?: boolean }>`
  ${rowButton}
  height: ${space(9)};
  padding: ${space(0, 3)};
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.danger : theme.colors.textSecondary)};
  &:hover, &:focus-visible {
    outline: none;
    box-shadow: none;
    background: ${({ theme, $destructive }) => ($destructive ? theme.colors.dangerSoft : theme.colors.surfaceHover)};
    color: ${({ theme, $destructive }) => ($destructive ? theme.colors.danger : theme.colors.textSecondary)};
  }
  svg { ${icon('sm')} flex-shrink: 0; }
`;
