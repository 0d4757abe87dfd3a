import styled from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { Centered as CenteredBase, FieldRow, Stack } from '../../../ui/stack';
import { StyledButtonLabel } from '../../../ui/button.styles';
import { Text } from '../../../ui/text';
import { withTag } from '../../../ui/with-tag';
export { Fieldset, Legend } from '../../../ui/fieldset';

export const Form = styled(Stack).attrs({ as: 'form', $gap: 5 })``;

export const PhotoRow = styled(Stack).attrs({ $row: true, $align: 'center' as const })``;

export const PhotoActions = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 2 })``;

export const FileLabel = styled(StyledButtonLabel).attrs({
  $variant: 'outline' as const,
  $size: 'sm' as const,
})``;

export const ColorName = styled(Text).attrs(
  withTag('span', { $weight: 'regular' as const, $tone: 'muted' as const }),
)`
  margin-left: ${space(2)};
`;

export const Swatches = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 2.5 })`
  ${media.down('sm')} {
    gap: ${space(2)};
  }
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
  &:hover {
    transform: scale(1.08);
  }
  ${media.down('sm')} {
    width: ${space(8)};
    height: ${space(8)};
  }
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  &:has(input:checked) {
    box-shadow:
      0 0 0 2px ${({ theme }) => theme.colors.surface},
      0 0 0 ${space(1)} ${({ $color }) => $color};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.text};
    outline-offset: ${space(1)};
  }
  svg {
    ${icon('sm')} pointer-events: none;
  }
`;

export const Chips = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 2 })``;

export const Chip = styled.button`
  height: ${space(8)};
  padding: ${space(0, 3)};
  border-radius: ${({ theme }) => theme.radii.full};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  transition:
    background 120ms ease,
    border-color 120ms ease,
    color 120ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

export const TwoColumns = FieldRow;

export const Centered = styled(CenteredBase).attrs({ $padding: 8 })``;
