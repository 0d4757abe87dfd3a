import styled from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { Stack } from '../../../ui/stack';
import { IconTile } from '../../../ui/icon-tile';
import { MutedText, Text } from '../../../ui/text';
import { withTag } from '../../../ui/with-tag';

export const Screen = styled(Stack).attrs(withTag('main', { $align: 'center' as const, $justify: 'center' as const, $gap: 8 }))`
  min-height: 100dvh;
  padding: ${space(12, 5)};
  background: ${({ theme }) => `${theme.gradients.deviceBackdrop}, ${theme.colors.background}`};
  ${media.down('sm')} { justify-content: flex-start; padding-top: ${space(10)}; gap: ${space(6)}; }
`;

export const Intro = styled(Stack).attrs({ $align: 'center' as const, $gap: 2 })`
  text-align: center;
  max-width: ${({ theme }) => theme.sizes.lg};
`;

export const Mark = styled(IconTile).attrs({ $size: 12, $tone: 'solid' as const })`
  margin-bottom: ${space(2)};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.02em;
  ${media.down('sm')} { font-size: ${({ theme }) => theme.fontSizes['2xl']}; }
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

export const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  max-width: ${({ theme }) => theme.sizes['2xl']};
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${space(5)};
  ${media.down('md')} { grid-template-columns: 1fr; max-width: ${({ theme }) => theme.sizes.sm}; gap: ${space(3.5)}; }
`;

export const OptionButton = styled.button<{ $selected: boolean }>`
  position: relative;
  width: 100%;
  height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(3)};
  padding: ${space(8, 6)};
  text-align: center;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primarySoft : theme.colors.surface)};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  cursor: pointer;
  transition: border-color 150ms ease, box-shadow 150ms ease, transform 150ms ease;

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.md};
    transform: translateY(-2px);
  }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  &:disabled { cursor: default; opacity: ${({ $selected }) => ($selected ? 1 : 0.55)}; }

  ${media.down('md')} {
    flex-direction: row;
    text-align: left;
    padding: ${space(4.5, 5)};
    gap: ${space(4)};
  }
`;

export const OptionIcon = styled(IconTile).attrs({ $size: 16 })`
  svg { width: ${space(8)}; height: ${space(8)}; }
  ${media.down('md')} { width: ${space(12)}; height: ${space(12)}; svg { ${icon('2xl')} } }
`;

export const OptionText = styled(Stack).attrs(withTag('span', { $gap: 1 }))``;

export const OptionTitle = styled(Text).attrs(withTag('span', { $size: 'lg' as const, $weight: 'semibold' as const, $tone: 'text' as const }))``;

export const OptionDescription = styled(MutedText).attrs(withTag('span'))``;

export const Check = styled.span`
  position: absolute;
  top: ${space(3)};
  right: ${space(3)};
  display: grid;
  place-items: center;
  width: ${space(6)};
  height: ${space(6)};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  svg { ${icon('xs')} }
`;

export const Footnote = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;
