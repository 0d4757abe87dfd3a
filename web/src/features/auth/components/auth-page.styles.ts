import styled from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { FieldRow, Stack } from '../../../ui/stack';
import { IconTile } from '../../../ui/icon-tile';
import { withTag } from '../../../ui/with-tag';

export { AppName, AuthCard, Brand, BrandMark, Form, FormColumn, FormIntro, FormText, FormTitle, Tagline } from '../../../ui/brand-card';

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

export const HeroBrand = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

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
