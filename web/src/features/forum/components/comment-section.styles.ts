import styled from 'styled-components';
import { media } from '../../../app/theme';

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1rem 1.25rem 1.25rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: #fbfcfe;
  border-radius: 0 0 ${({ theme }) => theme.radii.xl} ${({ theme }) => theme.radii.xl};
  ${media.down('sm')} { padding: 0.875rem 1rem 1rem; }
`;

export const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.875rem;
`;

export const Item = styled.li`
  display: flex;
  gap: 0.625rem;
  min-width: 0;
`;

export const Bubble = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
`;

export const BubbleBody = styled.div`
  padding: 0.625rem 0.875rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

export const CommentHead = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 0.25rem 0.5rem;
  margin-bottom: 0.125rem;
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
  gap: 0.125rem;
  padding-left: 0.375rem;
`;

export const TextAction = styled.button<{ $danger?: boolean }>`
  height: 1.75rem;
  padding: 0 0.5rem;
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
  gap: 0.5rem;
`;

export const EditButtons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
`;

export const TextBox = styled.textarea`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.625rem 0.875rem;
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
  gap: 0.625rem;
  align-items: flex-start;
`;

export const ComposerMain = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

export const ComposerRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export const Note = styled.p`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
