import styled, { css } from 'styled-components';
import { Text } from './text';

/** Text a user typed, shown as written: line breaks kept, long words broken (descriptions, comments, posts). */
export const UserText = styled(Text).attrs({ $tone: 'secondary' as const })`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** A small uppercase label over a value (moderation's facts, the appeal's messages). */
export const eyebrow = css`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.muted};
`;
