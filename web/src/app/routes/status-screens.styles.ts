import styled from 'styled-components';
import { space } from '../theme';
import { Card } from '../../ui/card';
import { Stack } from '../../ui/stack';
import { IconTile } from '../../ui/icon-tile';

export const FullScreen = styled(Stack).attrs({ $align: 'center' as const, $justify: 'center' as const })`
  min-height: 100dvh;
  padding: ${space(8, 5)};
  text-align: center;
  background: ${({ theme }) => theme.colors.background};
`;

export const StatusCode = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.display};
  line-height: 1;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.04em;
  color: ${({ theme }) => theme.colors.primary};
`;

export const StatusTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;

export const StatusText = styled.p`
  max-width: ${({ theme }) => theme.sizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const StatusCard = styled(Card).attrs({ $shadow: 'md' as const })`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(3)};
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.sm};
  padding: ${space(10, 8)};
`;

export const IconCircle = styled(IconTile).attrs<{ $tone?: 'primary' | 'danger' }>(({ $tone }) => ({
  $size: 13,
  $radius: 'circle' as const,
  $tone: $tone ?? 'primary',
  $icon: '2xl' as const,
}))``;

export const LoadingText = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.muted};
`;
