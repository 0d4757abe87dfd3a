import styled from 'styled-components';
import { icon, space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { IconTile } from '../../../ui/icon-tile';

export const SkeletonCard = styled(Card).attrs({ $padding: 'md' as const, $shadow: 'none' as const })`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
`;

export const SkeletonHead = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 3 })`
  > div { flex: 1; display: flex; flex-direction: column; gap: ${space(1.5)}; }
`;

export const More = styled(Stack).attrs({ $align: 'center' as const, $gap: 2 })`
  padding: ${space(1, 0, 2)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Banner = styled.section`
  position: relative;
  overflow: hidden;
  display: flex;
  align-items: flex-start;
  gap: ${space(4)};
  padding: ${space(5, 6)};
  border-radius: ${({ theme }) => theme.radii.xl};
  color: ${({ theme }) => theme.colors.onPrimary};
  background:
    radial-gradient(600px 200px at 100% 0%, ${({ theme }) => theme.colors.onPrimarySoft}, transparent 60%),
    ${({ theme }) => theme.gradients.brandWide};
  box-shadow: ${({ theme }) => theme.shadows.md};
  @media (max-width: 639.98px) { padding: ${space(4.5, 5)}; }
`;

export const BannerIcon = styled(IconTile).attrs({ $size: 12, $tone: 'inverse' as const, $icon: '2xl' as const })`
  @media (max-width: 639.98px) { display: none; }
`;

export const BannerText = styled.div`
  flex: 1;
  min-width: 0;
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  p { margin-top: ${space(0.5)}; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.onPrimaryMuted}; }
  button { margin-top: ${space(3.5)}; }
`;

export const BannerButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  flex-shrink: 0;
  height: ${space(10)};
  padding: ${space(0, 4.5)};
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.onPrimary};
  color: ${({ theme }) => theme.colors.primaryActive};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition: transform 120ms ease, box-shadow 120ms ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadows.md}; transform: translateY(-1px); }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focusOnPrimary}; }
  svg { ${icon('sm')} }
`;
