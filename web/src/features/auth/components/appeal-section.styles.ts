import styled, { css } from 'styled-components';
import { space } from '../../../app/theme';

type Tone = 'neutral' | 'info' | 'danger' | 'success';

const tones = {
  neutral: css`background: ${({ theme }) => theme.colors.background}; border-color: ${({ theme }) => theme.colors.border};`,
  info: css`background: ${({ theme }) => theme.colors.primarySoft}; border-color: ${({ theme }) => theme.colors.primaryBorder};`,
  danger: css`background: ${({ theme }) => theme.colors.dangerSoft}; border-color: ${({ theme }) => theme.colors.dangerBorder};`,
  success: css`background: ${({ theme }) => theme.colors.successSoft}; border-color: ${({ theme }) => theme.colors.successBorder};`,
} satisfies Record<Tone, ReturnType<typeof css>>;

export const AppealBox = styled.section<{ $tone?: Tone }>`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  margin-bottom: ${space(5)};
  padding: ${space(4)};
  text-align: left;
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.lg};
  ${({ $tone = 'neutral' }) => tones[$tone]}
`;

export const AppealHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

export const AppealForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
`;

export const AppealStatusLine = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export const AppealMessage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  span { font-size: ${({ theme }) => theme.fontSizes.xs}; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.muted}; }
`;

export const AppealText = styled.p`
  white-space: pre-wrap;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
`;
