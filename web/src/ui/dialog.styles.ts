import styled, { keyframes } from 'styled-components';
import { media, space } from '../app/theme';
import { Card } from './card';
import { ButtonRow } from './stack';
import { MutedText, Text } from './text';
import { withTag } from './with-tag';

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

/** The panel: the one Card, floating. */
export const Content = styled(Card).attrs({ $shadow: 'lg' as const })<{ $width: string }>`
  position: relative;
  width: 100%;
  max-width: ${({ $width }) => $width};
  max-height: calc(100dvh - ${space(8)});
  overflow-y: auto;
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

export const Title = styled(Text).attrs(withTag('h2', { $size: 'xl' as const, $weight: 'semibold' as const, $tone: 'text' as const }))``;

export const Description = styled(MutedText)``;

export const Footer = styled(ButtonRow)`
  margin-top: ${space(6)};
`;
