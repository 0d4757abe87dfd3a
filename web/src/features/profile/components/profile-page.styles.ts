import styled from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { Centered as CenteredBase, Stack } from '../../../ui/stack';
import { MutedText, Text } from '../../../ui/text';
import { withTag } from '../../../ui/with-tag';

export const HeaderCard = styled(Card).attrs(withTag('section', { $padding: 'none' as const }))`
  overflow: hidden;
`;

export const Cover = styled.div<{ $color: string }>`
  height: ${space(28)};
  background: linear-gradient(120deg, ${({ $color }) => $color} 0%, ${({ $color }) => $color}B3 55%, ${({ $color }) => $color}66 100%);
  ${media.down('sm')} { height: ${space(20)}; }
`;

export const HeaderBody = styled(Stack)`
  padding: ${space(0, 6, 6)};
  ${media.down('sm')} { padding: ${space(0, 4, 5)}; }
`;

export const AvatarRow = styled(Stack).attrs({ $row: true, $align: 'end' as const, $justify: 'between' as const })`
  margin-top: ${space(-12)};
  > span:first-child { box-shadow: 0 0 0 ${space(1)} ${({ theme }) => theme.colors.surface}; }
`;

export const NameRow = styled(Stack).attrs({ $row: true, $wrap: true, $align: 'center' as const, $gap: 2 })``;

export const Name = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.01em;
`;

export const MetaList = styled(Stack).attrs(withTag('ul', { $row: true, $wrap: true }))`
  gap: ${space(2, 5)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: inline-flex; align-items: center; gap: ${space(1.5)}; }
  svg { ${icon('sm')} }
`;

export const Bio = styled.p`
  color: ${({ theme }) => theme.colors.textSecondary};
  max-width: ${({ theme }) => theme.sizes.xl};
  white-space: pre-wrap;
`;

export const Chips = styled(Stack).attrs(withTag('ul', { $row: true, $wrap: true, $gap: 2 }))``;

export const Stats = styled.section`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${space(4)};
  margin: ${space(5, 0)};
  ${media.down('sm')} { gap: ${space(2)}; }
`;

export const StatCard = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(0.5)};
  padding: ${space(5, 3)};
  ${media.down('sm')} { padding: ${space(3.5, 2)}; }
`;

export const StatValue = styled(Text).attrs(withTag('span', { $size: '2xl' as const, $weight: 'bold' as const, $tone: 'primary' as const }))``;

export const StatLabel = styled(MutedText).attrs(withTag('span'))``;

export const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) ${({ theme }) => theme.layout.asideWidth};
  gap: ${space(5)};
  align-items: start;
  ${media.down('lg')} { grid-template-columns: minmax(0, 1fr); }
`;

export const ActivityCard = styled(Card).attrs(withTag('section', { $padding: 'md' as const }))``;

export const ActivityList = styled(Stack).attrs(withTag('ul', { $gap: 0 }))``;

export const ActivityItem = styled(Stack).attrs(withTag('li', { $gap: 1 }))`
  padding: ${space(3.5, 1)};
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

export const ActivityTitle = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const ActivityText = styled.p`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

export const ActivityMeta = styled(Stack).attrs(withTag('p', { $row: true, $align: 'center' as const, $gap: 2 }))`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const LinksCard = styled(Card).attrs(withTag('nav', { $padding: 'sm' as const }))`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
`;

export const LinksTitle = styled.h2`
  padding: ${space(0, 2, 2)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.subtle};
`;

export const Centered = styled(CenteredBase).attrs({ $padding: 16 })``;
