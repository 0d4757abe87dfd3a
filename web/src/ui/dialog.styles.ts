import styled, { keyframes } from 'styled-components';
import { icon, media, space } from '../app/theme';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(8px) scale(0.98); } to { opacity: 1; transform: none; }`;

export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${space(4)};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} 150ms ease;
`;

export const Content = styled.div<{ $width: string }>`
  position: relative;
  width: 100%;
  max-width: ${({ $width }) => $width};
  max-height: calc(100dvh - ${space(8)});
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  padding: ${space(6)};
  animation: ${rise} 180ms ease;
  &:focus { outline: none; }
  ${media.down('sm')} { padding: ${space(5)}; }
`;

export const Header = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  padding-right: ${space(8)};
  margin-bottom: ${space(5)};
`;

export const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

export const Description = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const CloseButton = styled.button`
  position: absolute;
  top: ${space(4)};
  right: ${space(4)};
  display: grid;
  place-items: center;
  width: ${space(8)};
  height: ${space(8)};
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  svg { ${icon('md')} }
`;

export const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin-top: ${space(6)};
`;
