import styled, { css } from 'styled-components';
import { space } from '../../../app/theme';
import { PanelBar } from '../../../ui/surface.styles';
export { IconButton } from '../../../ui/icon-button';

export const ViewRoot = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
`;

export const ViewHeader = styled(PanelBar).attrs({ $gap: 3 })`
  padding: ${space(3, 2)};
  h2 {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

export const HeaderText = styled.div`
  flex: 1;
  min-width: 0;
  h2 {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

export const StatusLine = styled.p<{ $online?: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $online }) => ($online ? theme.colors.successText : theme.colors.muted)};
`;

export const MessageList = styled.ol`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.spacing(4)};
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

export const BubbleRow = styled.li<{ $own: boolean }>`
  display: flex;
  justify-content: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
`;

export const Bubble = styled.div<{ $own: boolean }>`
  max-width: 75%;
  padding: ${({ theme }) => theme.spacing(2, 3)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $own }) => ($own ? theme.colors.primary : theme.colors.surfaceHover)};
  color: ${({ theme, $own }) => ($own ? theme.colors.onPrimary : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export const BubbleMeta = styled.span<{ $own: boolean }>`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-top: ${({ theme }) => theme.spacing(1)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  opacity: 0.8;
`;

export const TypingLine = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing(0, 4, 2)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-style: italic;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The messages screen's one-line text box (the composer's message, a group's new name), beside its button. */
export const textBox = css`
  flex: 1;
  min-width: 0;
  height: ${space(10)};
  padding: ${({ theme }) => theme.spacing(0, 3)};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

export const Composer = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(3, 4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  input {
    ${textBox}
  }
`;

export const Hint = styled.p`
  margin: auto;
  padding: ${({ theme }) => theme.spacing(6)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** 'Report' under a message from someone else: a quiet text button in the bubble's meta line. */
export const ReportLink = styled.button`
  border: 0;
  padding: 0;
  background: none;
  font: inherit;
  color: inherit;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;
