import styled, { css, keyframes } from 'styled-components';
import { media, space } from '../../app/theme';
import { IconButton } from '../icon-button';
import { IconTile } from '../icon-tile';

const slideIn = keyframes`from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; }`;

export const Viewport = styled.section`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.toast};
  right: ${space(4)};
  bottom: ${space(4)};
  width: min(${space(96)}, calc(100vw - ${space(8)}));
  &:focus-visible { outline: none; }
  ${media.down('sm')} {
    top: ${space(3)};
    bottom: auto;
    right: ${space(3)};
    width: calc(100vw - ${space(6)});
  }
`;

export const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const ToastRoot = styled.li<{ $destructive: boolean; $offset: number }>`
  position: relative;
  display: flex;
  gap: ${space(3)};
  align-items: flex-start;
  padding: ${space(4, 11, 4, 4)};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${slideIn} 180ms ease;
  transform: translateX(${({ $offset }) => $offset}px);
  opacity: ${({ $offset }) => 1 - Math.min(Math.abs($offset) / 200, 0.6)};
  touch-action: pan-y;
  ${({ $destructive, theme }) =>
    $destructive &&
    css`
      background: ${theme.colors.danger};
      border-color: ${theme.colors.danger};
      color: ${({ theme }) => theme.colors.onPrimary};
    `}
`;

export const ToastIcon = styled(IconTile).attrs<{ $destructive: boolean }>(({ $destructive }) => ({
  $size: 7,
  $radius: 'circle' as const,
  $tone: $destructive ? ('inverse' as const) : ('primary' as const),
  $icon: 'sm' as const,
}))``;

export const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(0.5)};
  min-width: 0;
  padding-top: ${space(1)};
`;

export const Title = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const Description = styled.div<{ $destructive: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.onPrimaryMuted : theme.colors.muted)};
  overflow-wrap: anywhere;
`;

export const Close = styled(IconButton).attrs({ $size: 'sm' as const })<{ $destructive: boolean }>`
  position: absolute;
  top: ${space(2.5)};
  right: ${space(2.5)};
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.onPrimary : theme.colors.muted)};
  &:hover {
    background: ${({ theme, $destructive }) => ($destructive ? theme.colors.onPrimarySoft : theme.colors.surfaceHover)};
    color: ${({ theme, $destructive }) => ($destructive ? theme.colors.onPrimary : theme.colors.text)};
  }
  &:focus-visible { box-shadow: 0 0 0 2px currentColor; }
`;
