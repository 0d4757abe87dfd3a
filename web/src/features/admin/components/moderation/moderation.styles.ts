import styled from 'styled-components';
import { media, space } from '../../../../app/theme';
import { Card } from '../../../../ui/card';
import { Stack } from '../../../../ui/stack';
import { withTag } from '../../../../ui/with-tag';

/** A list of cards (reports, bans). */
export const List = styled(Stack).attrs({ as: 'ul' as const, $gap: 3.5 })`
  margin-top: ${space(4)};
`;

export const ItemCard = styled(Card).attrs(withTag('li'))`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  padding: ${space(4.5)} ${space(5)};
`;

export const ItemHead = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${space(2)};
`;

export const ItemTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space(2)} ${space(5)};
  ${media.down('sm')} { grid-template-columns: 1fr; }
  dt { font-size: ${({ theme }) => theme.fontSizes.xs}; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: ${space(0.5)} 0 0; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.text}; overflow-wrap: anywhere; }
`;

export const Quote = styled.p`
  padding: ${space(2.5)} ${space(3.5)};
  border-left: 3px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
  white-space: pre-wrap;
`;

export const ItemActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
`;

export const AppealPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  padding: ${space(3.5)} ${space(4)};
  border: 1px solid ${({ theme }) => theme.colors.primaryBorder};
  background: ${({ theme }) => theme.colors.primarySoft};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

export const TabCount = styled.span`
  margin-left: ${space(1.5)};
  padding: ${space(0, 2)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceHover};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
