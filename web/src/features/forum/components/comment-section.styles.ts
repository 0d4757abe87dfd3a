import styled from 'styled-components';
import { media, space } from '../../../app/theme';

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  padding: ${space(4, 5, 5)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  border-radius: 0 0 ${({ theme }) => theme.radii.xl} ${({ theme }) => theme.radii.xl};
  ${media.down('sm')} { padding: ${space(3.5, 4, 4)}; }
`;

export const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(3.5)};
`;

export const Item = styled.li`
  display: flex;
  gap: ${space(2.5)};
  min-width: 0;
`;

export const Bubble = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
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

export const CommentAuthor = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

export const CommentTime = styled.time`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const CommentText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export const CommentActions = styled.div`
  display: flex;
  gap: ${space(0.5)};
  padding-left: ${space(1.5)};
`;

export const TextAction = styled.button<{ $danger?: boolean }>`
  height: ${space(7)};
  padding: ${space(0, 2)};
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme, $danger }) => ($danger ? theme.colors.dangerSoft : theme.colors.surfaceHover)};
    color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
`;

export const EditArea = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
`;

export const EditButtons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${space(2)};
`;

export const TextBox = styled.textarea`
  width: 100%;
  min-height: ${space(11)};
  padding: ${space(2.5, 3.5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  resize: vertical;
  transition: border-color 120ms ease, box-shadow 120ms ease;
  &::placeholder { color: ${({ theme }) => theme.colors.subtle}; }
  &:focus { outline: none; border-color: ${({ theme }) => theme.colors.primary}; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

export const Composer = styled.form`
  display: flex;
  gap: ${space(2.5)};
  align-items: flex-start;
`;

export const ComposerMain = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
`;

export const ComposerRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${space(2)};
`;

export const Note = styled.p`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
