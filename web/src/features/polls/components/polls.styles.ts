import styled from 'styled-components';
import { space } from '../../../app/theme';
import { MediaRow } from '../../../ui/layout.styles';
import { Stack } from '../../../ui/stack';
import { CardStack } from '../../../ui/surface.styles';
import { Text } from '../../../ui/text';
import { UserText } from '../../../ui/text.styles';
import { withTag } from '../../../ui/with-tag';

export const PollList = styled(Stack)``;

export const PollCardRoot = styled(CardStack).attrs(
  withTag('article', { $padding: 'md' as const, $gap: 3.5 }),
)<{ $locked: boolean }>`
  transition:
    opacity 160ms ease,
    filter 160ms ease;
  ${({ $locked }) => $locked && 'opacity: 0.5; filter: grayscale(1);'}
`;

export const PollHead = styled(MediaRow).attrs(withTag('header'))``;

export const Question = styled(Text).attrs(
  withTag('h3', { $size: 'lg' as const, $weight: 'semibold' as const, $tone: 'text' as const }),
)`
  overflow-wrap: anywhere;
`;

export const Meta = styled(Text).attrs({ $size: 'xs' as const, $tone: 'muted' as const })``;

export const PollDescription = UserText;

export const Options = styled(Stack).attrs(withTag('ul', { $gap: 2 }))``;

export const OptionButton = styled.button<{ $chosen: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: ${space(2)};
  width: 100%;
  min-height: ${space(11)};
  padding: ${space(2)} ${space(3.5)};
  overflow: hidden;
  border: 1.5px solid ${({ theme, $chosen }) => ($chosen ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  cursor: pointer;
  transition: border-color 120ms ease;
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
  &:disabled {
    cursor: not-allowed;
  }
  > * {
    position: relative;
  }
  svg {
    width: ${space(4)};
    height: ${space(4)};
    color: ${({ theme }) => theme.colors.primary};
    flex-shrink: 0;
  }
`;

/** The share of votes, drawn behind the option's text. */
export const OptionBar = styled.span<{ $percent: number; $chosen: boolean }>`
  position: absolute !important;
  inset: 0 auto 0 0;
  width: ${({ $percent }) => $percent}%;
  background: ${({ theme, $chosen }) => ($chosen ? theme.colors.primarySoft : theme.colors.surfaceHover)};
  transition: width 240ms ease;
`;

export const OptionLabel = styled.span`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

export const OptionCount = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
  white-space: nowrap;
`;

export const PollFooter = styled(Stack).attrs(
  withTag('footer', { $row: true, $align: 'center' as const, $justify: 'between' as const, $gap: 2 }),
)`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const OptionField = styled(Stack).attrs({ $row: true, $align: 'end' as const, $gap: 2 })`
  > :first-child {
    flex: 1;
  }
`;
