import styled from 'styled-components';
import { media, space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { MutedText, Text } from '../../../ui/text';
import { withTag } from '../../../ui/with-tag';

/** A Card as a list item, with the smaller corner of a row in a list. */
export const CardRoot = styled(Card).attrs(withTag('li', { $padding: 'sm' as const }))`
  display: flex;
  align-items: center;
  gap: ${space(3.5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  ${media.down('sm')} {
    flex-wrap: wrap;
  }
`;

export const Details = styled(Stack).attrs({ $gap: 0.5 })`
  flex: 1;
`;

export const Name = styled(Text).attrs(
  withTag('h3', {
    $size: 'md' as const,
    $weight: 'semibold' as const,
    $tone: 'text' as const,
    $truncate: true,
  }),
)``;

export const Line = styled(MutedText).attrs({ $truncate: true })``;

export const Mutual = styled(Text).attrs({ $size: 'xs' as const, $tone: 'subtle' as const })``;

export const Actions = styled(Stack).attrs({
  $row: true,
  $wrap: true,
  $align: 'center' as const,
  $justify: 'end' as const,
  $gap: 2,
})`
  ${media.down('sm')} {
    width: 100%;
    justify-content: flex-start;
  }
`;

export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(3)};
  ${media.up('lg')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
