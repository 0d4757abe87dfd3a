import styled from 'styled-components';
import { space } from '../../../app/theme';

export const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${space(2)};
  margin-top: ${space(3)};
`;

/** A radio as a card: the native input stays (keyboard, screen readers), drawn inside its label. */
export const Choice = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  padding: ${space(3)};
  border: 1px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primarySoft : theme.colors.surface)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
  input { accent-color: ${({ theme }) => theme.colors.primary}; margin: 0; }
  &:focus-within { box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;
