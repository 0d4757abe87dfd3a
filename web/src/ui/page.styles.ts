import styled from 'styled-components';
import { media, space } from '../app/theme';
import { Stack } from './stack';
import { IconTile } from './icon-tile';
import { withTag } from './with-tag';
import { MutedText, Text } from './text';

export const PageContainer = styled.main`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${space(8, 6, 12)};
  ${media.down('md')} { padding: ${space(5, 4, 8)}; }
`;

export const HeaderRoot = styled(Stack).attrs(withTag('header', { $row: true, $wrap: true, $align: 'start' as const, $justify: 'between' as const }))`
  margin-bottom: ${space(7)};
`;

export const HeaderText = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 3.5 })``;

export const HeaderIcon = styled(IconTile).attrs({ $size: 11, $icon: 'xl' as const })``;

export const PageTitle = styled(Text).attrs(withTag('h1', { $size: '2xl' as const, $weight: 'bold' as const, $tone: 'text' as const }))`
  letter-spacing: -0.01em;
`;

export const PageDescription = styled(MutedText)`
  margin-top: ${space(0.5)};
`;

export const HeaderActions = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 2 })``;

export const EmptyRoot = styled(Stack).attrs({ $align: 'center' as const, $gap: 2 })`
  padding: ${space(10, 4)};
  text-align: center;
`;

export const EmptyIcon = styled(IconTile).attrs({ $size: 12, $radius: 'circle' as const, $tone: 'muted' as const, $icon: 'xl' as const })`
  margin-bottom: ${space(1)};
`;

export const EmptyTitle = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export const EmptyDescription = styled.p`
  max-width: ${({ theme }) => theme.sizes.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
