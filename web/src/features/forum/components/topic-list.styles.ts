import styled from 'styled-components';
import { media, space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { IconTile } from '../../../ui/icon-tile';
import { rowButton } from '../../../ui/quiet-button';
import { withTag } from '../../../ui/with-tag';
import { CountPill } from '../../../ui/badge';

export const List = styled(Stack).attrs(withTag('ul', { $gap: 0.5 }))``;

export const TopicButton = styled.button`
  ${rowButton}
  height: ${space(10)};
  padding: ${space(0, 2)};
  color: ${({ theme }) => theme.colors.textSecondary};
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryActive};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

`;

export const TopicIcon = styled(IconTile).attrs({ $size: 7, $radius: 'sm' as const })<{ $color: string }>`
  background: ${({ $color }) => `${$color}1F`};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1;
`;

export const TopicName = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const Count = styled(CountPill)`
  min-width: ${space(6)};
  color: ${({ theme }) => theme.colors.muted};
  [aria-pressed='true'] > & { background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.primaryActive}; }
`;

export const Skeleton = styled.span`
  display: block;
  height: ${space(10)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: linear-gradient(90deg, ${({ theme }) => theme.colors.surfaceHover} 25%, ${({ theme }) => theme.colors.skeletonShine} 50%, ${({ theme }) => theme.colors.surfaceHover} 75%);
  background-size: 200% 100%;
`;

export const Hint = styled(Stack).attrs({ $gap: 2, $align: 'start' as const })`
  padding: ${space(2, 1)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

/* Mobile topic dropdown */

export const PickerBar = styled(Card)`
  display: flex;
  align-items: flex-end;
  gap: ${space(3)};
  padding: ${space(3.5, 4)};
  > * { flex: 1; }
  ${media.up('lg')} { display: none; }
`;
