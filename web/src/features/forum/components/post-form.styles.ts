import styled from 'styled-components';
import { space } from '../../../app/theme';
import { Stack } from '../../../ui/stack';
import { IconTile } from '../../../ui/icon-tile';
import { spreadRow } from '../../../ui/layout.styles';
import { withTag } from '../../../ui/with-tag';
import { ImageFrame } from './post-card.styles';
export { Fieldset, Legend } from '../../../ui/fieldset';

export { DialogForm as Form, DialogFormFooter as FormFooter } from '../../../ui/dialog-form';

export const DropZone = styled(Stack).attrs(
  withTag('label', { $row: true, $align: 'center' as const, $gap: 3.5 }),
)`
  padding: ${space(3.5, 4)};
  border: 1.5px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textSecondary};
  cursor: pointer;
  transition:
    border-color 120ms ease,
    background 120ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  &:has(input:focus-visible) {
    box-shadow: ${({ theme }) => theme.shadows.focus};
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const DropIcon = styled(IconTile).attrs({ $radius: 'md' as const, $tone: 'outline' as const })``;

export const DropText = styled.span`
  display: flex;
  flex-direction: column;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  small {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/** The post's image frame, lower, with a caption bar under the picture. */
export const Preview = styled(ImageFrame).attrs(withTag('figure'))`
  position: relative;
  margin: 0;
  img {
    max-height: ${space(56)};
  }
  figcaption {
    ${spreadRow}
    gap: ${space(2)};
    padding: ${space(2, 3)};
    background: ${({ theme }) => theme.colors.surface};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.muted};
    span {
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
  }
`;

export const AnonymousRow = styled(Stack).attrs({ $gap: 1 })`
  padding: ${space(3, 3.5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  p {
    padding-left: ${space(7)};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.muted};
  }
`;
