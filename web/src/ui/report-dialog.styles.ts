import styled from 'styled-components';
import { space } from '../app/theme';
import { Stack } from './stack';

export const Form = styled(Stack).attrs({ as: 'form', $gap: 4.5 })``;

export const ReasonOption = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${space(3)};
  padding: ${space(2.5, 3.5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  cursor: pointer;
  transition: border-color 120ms ease, background 120ms ease;
  &:hover { border-color: ${({ theme }) => theme.colors.borderStrong}; background: ${({ theme }) => theme.colors.background}; }
  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.primarySoft}; }
  &:has(input:focus-visible) { box-shadow: ${({ theme }) => theme.shadows.focus}; }
  input {
    flex-shrink: 0;
    width: ${space(4)};
    height: ${space(4)};
    margin: ${space(0.5, 0, 0)};
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  input:focus-visible { outline: none; }
`;

export const ReasonText = styled.span`
  display: flex;
  flex-direction: column;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.text};
  small { font-size: ${({ theme }) => theme.fontSizes.xs}; font-weight: ${({ theme }) => theme.fontWeights.regular}; color: ${({ theme }) => theme.colors.muted}; }
`;

export const ReasonGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
  gap: ${space(2)};
`;
