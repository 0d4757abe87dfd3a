import styled, { keyframes } from 'styled-components';
import { Link } from 'react-router-dom';
import { media, space } from '../../../app/theme';
import { IconButton } from '../../../ui/icon-button';
import { Stack } from '../../../ui/stack';
import { PanelBar } from '../../../ui/surface.styles';
import { withTag } from '../../../ui/with-tag';

const pop = keyframes`from { opacity: 0; transform: translateY(-4px); } to { opacity: 1; transform: none; }`;

export const BellRoot = styled.div`
  position: relative;
  display: inline-flex;
`;

/** The quiet icon button, a little larger, tinted while its panel is open. */
export const BellButton = styled(IconButton)`
  position: relative;
  width: ${space(9.5)};
  height: ${space(9.5)};
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryActive};
  }
`;

/** The unread count on the bell's corner. */
export const UnreadBadge = styled.span`
  position: absolute;
  top: ${space(0.5)};
  right: ${space(0.5)};
  min-width: ${space(4.5)};
  height: ${space(4.5)};
  padding: ${space(0, 1)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes['2xs']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${space(4.5)};
  text-align: center;
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface};
`;

export const Panel = styled.section`
  position: absolute;
  top: calc(100% + ${space(1)});
  right: 0;
  z-index: 30;
  display: flex;
  flex-direction: column;
  width: ${({ theme }) => theme.sizes.xs};
  max-height: min(34rem, calc(100vh - ${space(20)}));
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${pop} 120ms ease;
  overflow: hidden;
  ${media.down('md')} {
    position: fixed;
    top: ${space(15)};
    left: ${space(2)};
    right: ${space(2)};
    width: auto;
    max-height: calc(100dvh - ${space(20)});
  }
`;

export const PanelHeader = styled(PanelBar).attrs({ $justify: 'between' as const, $gap: 2 })`
  padding: ${space(3, 4)};
  h2 {
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const TextButton = styled.button`
  flex-shrink: 0;
  white-space: nowrap;
  border: none;
  background: transparent;
  padding: ${space(1, 2)};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  &:disabled {
    color: ${({ theme }) => theme.colors.subtle};
    cursor: default;
    background: transparent;
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

export const BrowserPrompt = styled(Stack).attrs({
  $row: true,
  $align: 'center' as const,
  $justify: 'between' as const,
  $gap: 2,
})`
  padding: ${space(2, 4)};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-y: auto;
`;

export const Entry = styled(Link)<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: ${space(2)} 1fr;
  gap: ${space(3)};
  padding: ${space(3, 4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.primarySoft : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    text-decoration: none;
  }
  &:focus-visible {
    outline: none;
    box-shadow: inset ${({ theme }) => theme.shadows.focus};
  }
`;

export const UnreadDot = styled.span<{ $unread: boolean }>`
  width: ${space(2)};
  height: ${space(2)};
  margin-top: ${space(1.5)};
  border-radius: 50%;
  background: ${({ theme, $unread }) => ($unread ? theme.colors.primary : 'transparent')};
`;

export const EntryText = styled(Stack).attrs(withTag('span', { $gap: 0.5 }))`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.4;
  time {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

export const Empty = styled.p`
  margin: 0;
  padding: ${space(8, 4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const PanelFooter = styled.footer`
  display: flex;
  justify-content: center;
  padding: ${space(2)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;
