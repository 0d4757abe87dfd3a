import styled from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { FieldRow, Stack } from '../../../ui/stack';
import { IconTile } from '../../../ui/icon-tile';
import { MutedText, Text } from '../../../ui/text';
import { withTag } from '../../../ui/with-tag';

export const Screen = styled.div`
  min-height: 100dvh;
  display: grid;
  grid-template-columns: 1fr;
  background:
${({ theme }) => `${theme.gradients.authBackdrop}, ${theme.colors.background}`};
  ${media.up('lg')} { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
`;

export const Hero = styled.section`
  display: none;
  ${media.up('lg')} {
    display: flex;
    flex-direction: column;
    justify-content: center;
    gap: ${space(8)};
    padding: ${space(16)} clamp(${space(10)}, 6vw, ${space(24)});
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.gradients.brand};
  }
`;

export const HeroTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1.15;
  letter-spacing: -0.02em;
  max-width: ${({ theme }) => theme.sizes.sm};
`;

export const HeroText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.onPrimaryMuted};
  max-width: ${({ theme }) => theme.sizes.sm};
`;

export const FeatureList = styled(Stack).attrs(withTag('ul'))``;

export const Feature = styled(Stack).attrs(withTag('li', { $row: true, $align: 'center' as const, $gap: 3.5 }))`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

export const FeatureIcon = styled(IconTile).attrs({ $tone: 'inverse' as const })``;

export const FormColumn = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space(6)};
  padding: ${space(12, 5)};
  ${media.down('sm')} { padding: ${space(8, 4)}; justify-content: flex-start; }
`;

export const Brand = styled(Stack).attrs({ $align: 'center' as const, $gap: 2 })`
  text-align: center;
`;

export const BrandMark = styled(IconTile).attrs<{ $inverted?: boolean }>(({ $inverted }) => ({ $size: 12, $tone: $inverted ? ('inverse' as const) : ('solid' as const) }))`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  box-shadow: ${({ theme, $inverted }) => ($inverted ? 'none' : theme.shadows.md)};
`;

export const HeroBrand = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const AppName = styled(Text).attrs(withTag('h1', { $size: '3xl' as const, $weight: 'bold' as const, $tone: 'text' as const }))`
  letter-spacing: -0.02em;
`;

export const Tagline = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

export const AuthCard = styled(Card).attrs({ $shadow: 'lg' as const })`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.sm};
  padding: ${space(7)};
  ${media.down('sm')} { padding: ${space(5)}; }
`;

export const Form = styled(Stack).attrs({ as: 'form' })``;

export const FormIntro = styled(Stack).attrs({ $gap: 1 })`
  margin-bottom: ${space(1)};
`;

export const FormTitle = styled(Text).attrs(withTag('h2', { $size: 'xl' as const, $weight: 'semibold' as const }))``;

export const FormText = styled(MutedText)``;

export const TwoColumns = FieldRow;

export const Notice = styled.p<{ $tone?: 'info' | 'success' }>`
  display: flex;
  align-items: flex-start;
  gap: ${space(2)};
  padding: ${space(3, 3.5)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : theme.colors.primarySoft)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successText : theme.colors.primaryActive)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  svg { flex-shrink: 0; ${icon('sm')} margin-top: ${space(0.5)}; }
`;

export const Footnote = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.subtle};
  text-align: center;
`;
