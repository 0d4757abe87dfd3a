import styled from 'styled-components';
import { media, space } from '../../../app/theme';
import { ButtonRow, Stack } from '../../../ui/stack';
import { controlStyles } from '../../../ui/field.styles';
import { quietButton } from '../../../ui/quiet-button';
import { Text } from '../../../ui/text';
import { withTag } from '../../../ui/with-tag';

export const Section = styled(Stack).attrs(withTag('section'))`
  padding: ${space(4, 5, 5)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  border-radius: 0 0 ${({ theme }) => theme.radii.xl} ${({ theme }) => theme.radii.xl};
  ${media.down('sm')} { padding: ${space(3.5, 4, 4)}; }
`;

export const List = styled(Stack).attrs(withTag('ol', { $gap: 3.5 }))``;

export const Item = styled(Stack).attrs(withTag('li', { $row: true, $gap: 2.5 }))``;

export const Bubble = styled(Stack).attrs({ $gap: 1 })`
  flex: 1;
`;

export const BubbleBody = styled.div`
  padding: ${space(2.5, 3.5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

export const CommentHead = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: ${space(1, 2)};
  margin-bottom: ${space(0.5)};
`;

export const CommentAuthor = styled(Text).attrs(withTag('span', { $size: 'sm' as const, $weight: 'semibold' as const, $tone: 'text' as const }))``;

export const CommentTime = styled(Text).attrs(withTag('time', { $size: 'xs' as const, $tone: 'muted' as const }))``;

export const CommentText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export const CommentActions = styled(Stack).attrs({ $row: true, $gap: 0.5 })`
  padding-left: ${space(1.5)};
`;

export const TextAction = styled.button<{ $danger?: boolean }>`
  ${quietButton}
  height: ${space(7)};
  padding: ${space(0, 2)};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  &:hover:not(:disabled) {
    background: ${({ theme, $danger }) => ($danger ? theme.colors.dangerSoft : theme.colors.surfaceHover)};
    color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  }
  &:disabled { opacity: 0.5; cursor: not-allowed; background: transparent; color: ${({ theme }) => theme.colors.muted}; }
`;

export const EditArea = styled(Stack).attrs({ $gap: 2 })``;

export const EditButtons = ButtonRow;

export const TextBox = styled.textarea`
  ${controlStyles}
  min-height: ${space(11)};
  padding: ${space(2.5, 3.5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  line-height: 1.5;
  resize: vertical;
`;

export const Composer = styled(Stack).attrs({ as: 'form', $row: true, $gap: 2.5, $align: 'start' as const })``;

export const ComposerMain = styled(Stack).attrs({ $gap: 2 })`
  flex: 1;
`;

export const ComposerRow = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 2, $align: 'center' as const, $justify: 'between' as const })``;

export const Note = styled(Stack).attrs(withTag('p', { $row: true, $gap: 3, $align: 'center' as const }))`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
