import styled, { css } from 'styled-components';
import { space } from '../app/theme';

export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(1.5)};
  min-width: 0;
`;

export const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export const Hint = styled.p<{ $error?: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.muted)};
`;

export const controlStyles = css`
  width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  transition: border-color 120ms ease, box-shadow 120ms ease;

  &::placeholder { color: ${({ theme }) => theme.colors.subtle}; }
  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.borderStrong}; }
  &:focus, &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
  &:disabled { background: ${({ theme }) => theme.colors.surfaceHover}; cursor: not-allowed; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const StyledInput = styled.input`
  ${controlStyles}
  height: ${space(10.5)};
  padding: ${space(0, 3.5)};
`;

export const StyledTextarea = styled.textarea`
  ${controlStyles}
  min-height: ${space(24)};
  padding: ${space(2.5, 3.5)};
  resize: vertical;
`;

export const SelectWrapper = styled.div`
  position: relative;
  &::after {
    content: '';
    position: absolute;
    right: 0.9rem;
    top: 50%;
    width: 0.45rem;
    height: 0.45rem;
    border-right: 2px solid ${({ theme }) => theme.colors.muted};
    border-bottom: 2px solid ${({ theme }) => theme.colors.muted};
    transform: translateY(-70%) rotate(45deg);
    pointer-events: none;
  }
`;

export const StyledSelect = styled.select`
  ${controlStyles}
  height: ${space(10.5)};
  padding: ${space(0, 9, 0, 3.5)};
  appearance: none;
  cursor: pointer;
  &:invalid { color: ${({ theme }) => theme.colors.subtle}; }
  option { color: ${({ theme }) => theme.colors.text}; }
`;
