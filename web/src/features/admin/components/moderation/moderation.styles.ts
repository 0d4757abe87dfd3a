import styled from 'styled-components';
import { space } from '../../../../app/theme';
import { CountPill } from '../../../../ui/badge';
import { PairGrid } from '../../../../ui/layout.styles';
import { Stack } from '../../../../ui/stack';
import { CardStack, TonedBox } from '../../../../ui/surface.styles';
import { Text } from '../../../../ui/text';
import { eyebrow } from '../../../../ui/text.styles';
import { withTag } from '../../../../ui/with-tag';

/** A list of cards (reports, bans). */
export const List = styled(Stack).attrs({ as: 'ul' as const, $gap: 3.5 })`
  margin-top: ${space(4)};
`;

export const ItemCard = styled(CardStack).attrs(withTag('li', { $gap: 3 }))`
  padding: ${space(4.5, 5)};
`;

export const ItemHead = styled(Stack).attrs({
  $row: true,
  $wrap: true,
  $align: 'center' as const,
  $gap: 2,
})``;

export const ItemTitle = styled(Text).attrs(
  withTag('h3', { $size: 'md' as const, $weight: 'semibold' as const, $tone: 'text' as const }),
)``;

export const Facts = styled(PairGrid).attrs(withTag('dl', { $gap: [2, 5] as [number, number] }))`
  dt {
    ${eyebrow}
  }
  dd {
    margin: ${space(0.5)} 0 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

export const Quote = styled.p`
  padding: ${space(2.5, 3.5)};
  border-left: 3px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
  white-space: pre-wrap;
`;

export const ItemActions = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 2 })``;

export const AppealPanel = styled(TonedBox).attrs({ $tone: 'info' as const, $gap: 2 })`
  padding: ${space(3.5, 4)};
`;

/** The count beside a tab's label: the shared count pill. */
export const TabCount = styled(CountPill)`
  margin-left: ${space(1.5)};
`;
