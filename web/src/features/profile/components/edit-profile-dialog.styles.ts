import styled from 'styled-components';
import { media } from '../../../app/theme';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

export const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
`;

export const PhotoActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export const FileLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  height: 2rem;
  padding: 0 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; }
  &:has(input:focus-visible) { box-shadow: ${({ theme }) => theme.shadows.focus}; }
  svg { width: 1rem; height: 1rem; }
`;

export const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
`;

export const Legend = styled.legend`
  margin-bottom: 0.5rem;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export const ColorName = styled.span`
  margin-left: 0.5rem;
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Swatches = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.625rem;
  ${media.down('sm')} { gap: 0.45rem; }
`;

export const SwatchLabel = styled.label<{ $color: string }>`
  position: relative;
  display: grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  cursor: pointer;
  color: #fff;
  transition: transform 120ms ease;
  &:hover { transform: scale(1.08); }
  ${media.down('sm')} { width: 2rem; height: 2rem; }
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  &:has(input:checked) { box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface}, 0 0 0 4px ${({ $color }) => $color}; }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.text}; outline-offset: 4px; }
  svg { width: 1rem; height: 1rem; pointer-events: none; }
`;

export const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export const Chip = styled.button`
  height: 2rem;
  padding: 0 0.75rem;
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
    color: #fff;
  }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

export const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.75rem;
  ${media.down('sm')} { grid-template-columns: 1fr; }
`;

export const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  padding-top: 0.25rem;
`;

export const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 2rem;
`;
