import styled from 'styled-components';
import { icon, space } from '../app/theme';
import { quietButton } from './quiet-button';

export const TabList = styled.div<{ $fullWidth?: boolean }>`
  display: ${({ $fullWidth }) => ($fullWidth ? 'grid' : 'inline-flex')};
  /* More tabs than a phone's width: a second row, never tabs scrolled out of sight. */
  flex-wrap: wrap;
  grid-auto-flow: column;
  grid-auto-columns: 1fr;
  gap: ${space(1)};
  padding: ${space(1)};
  background: ${({ theme }) => theme.colors.surfaceHover};
  border-radius: ${({ theme }) => theme.radii.lg};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  max-width: 100%;
  overflow-x: auto;
`;

export const Tab = styled.button`
  ${quietButton}
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(1.5)};
  height: ${space(9)};
  padding: ${space(0, 3.5)};
  white-space: nowrap;

  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primaryActive};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }
  svg { ${icon('sm')} }
`;

export const TabPanel = styled.div`
  margin-top: ${space(5)};
  &:focus-visible { outline: none; }
`;
