import styled from 'styled-components';
import { space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { withTag } from '../../../ui/with-tag';

export const PollList = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
`;

export const PollCardRoot = styled(Card).attrs(withTag('article', { $padding: 'md' as const }))<{ $locked: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${space(3.5)};
  transition: opacity 160ms ease, filter 160ms ease;
  ${({ $locked }) => $locked && 'opacity: 0.5; filter: grayscale(1);'}
`;

export const PollHead = styled.header`
  display: flex;
  align-items: flex-start;
  gap: ${space(3)};
  > div { flex: 1; min-width: 0; }
`;

export const Question = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

export const Meta = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const PollDescription = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export const Options = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  list-style: none;
  margin: 0;
  padding: 0;
`;

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
  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  &:disabled { cursor: not-allowed; }
  > * { position: relative; }
  svg { width: ${space(4)}; height: ${space(4)}; color: ${({ theme }) => theme.colors.primary}; flex-shrink: 0; }
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

export const PollFooter = styled.footer`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const OptionField = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${space(2)};
  > :first-child { flex: 1; }
`;
