import styled from 'styled-components';
import { icon, media, space } from '../../../app/theme';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${space(5)};
`;

export const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(4)};
`;

export const PhotoActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
`;

export const FileLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  height: ${space(8)};
  padding: ${space(0, 3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; }
  &:has(input:focus-visible) { box-shadow: ${({ theme }) => theme.shadows.focus}; }
  svg { ${icon('sm')} }
`;

export const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
`;

export const Legend = styled.legend`
  margin-bottom: ${space(2)};
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export const ColorName = styled.span`
  margin-left: ${space(2)};
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Swatches = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2.5)};
  ${media.down('sm')} { gap: ${space(2)}; }
`;

export const SwatchLabel = styled.label<{ $color: string }>`
  position: relative;
  display: grid;
  place-items: center;
  width: ${space(9)};
  height: ${space(9)};
  border-radius: 50%;
  background: ${({ $color }) => $color};
  cursor: pointer;
  color: ${({ theme }) => theme.colors.onPrimary};
  transition: transform 120ms ease;
  &:hover { transform: scale(1.08); }
  ${media.down('sm')} { width: ${space(8)}; height: ${space(8)}; }
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  &:has(input:checked) { box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface}, 0 0 0 4px ${({ $color }) => $color}; }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.text}; outline-offset: 4px; }
  svg { ${icon('sm')} pointer-events: none; }
`;

export const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
`;

export const Chip = styled.button`
  height: ${space(8)};
  padding: ${space(0, 3)};
  border-radius: ${({ theme }) => theme.radii.full};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  transition: background 120ms ease, border-color 120ms ease, color 120ms ease;
  &:hover { border-color: ${({ theme }) => theme.colors.borderStrong}; }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

export const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${space(3)};
  ${media.down('sm')} { grid-template-columns: 1fr; }
`;

export const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${space(2)};
  padding-top: ${space(1)};
`;

export const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: ${space(8)};
`;
