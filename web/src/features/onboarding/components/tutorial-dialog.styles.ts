import styled, { keyframes } from 'styled-components';
import { icon, space } from '../../../app/theme';
import { Stack } from '../../../ui/stack';
import { withTag } from '../../../ui/with-tag';

const enter = keyframes`from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; }`;

export const Progress = styled(Stack).attrs({ $gap: 1.5 })`
  margin-bottom: ${space(5)};
`;

export const ProgressLabel = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.muted};
`;

export const ProgressTrack = styled.div`
  height: ${space(1.5)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceHover};
  overflow: hidden;
`;

export const ProgressFill = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.gradients.progress};
  transition: width 250ms ease;
`;

export const StepBody = styled(Stack).attrs({ $align: 'center' as const })`
  text-align: center;
  animation: ${enter} 200ms ease;
`;

export const Illustration = styled.div`
  display: grid;
  place-items: center;
  width: ${space(20)};
  height: ${space(20)};
  border-radius: ${({ theme }) => theme.radii['2xl']};
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.gradients.brandDiagonal};
  box-shadow: ${({ theme }) => theme.shadows.brand};
  svg { ${icon('3xl')} }
`;

export const Highlights = styled(Stack).attrs(withTag('ul', { $gap: 2 }))`
  width: 100%;
  text-align: left;
  li {
    display: flex;
    align-items: center;
    gap: ${space(2.5)};
    padding: ${space(2.5, 3.5)};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  svg { flex-shrink: 0; ${icon('sm')} color: ${({ theme }) => theme.colors.success}; }
`;

export const Footer = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 2 })`
  margin-top: ${space(6)};
  > :first-child { margin-right: auto; }
`;

/** The tutorial prompt's list of what the tutorial covers. */
export const Preview = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space(2)};
  @media (max-width: 379.98px) { grid-template-columns: minmax(0, 1fr); }
`;

export const PreviewItem = styled(Stack).attrs(withTag('li', { $row: true, $align: 'center' as const, $gap: 2 }))`
  padding: ${space(2.5, 3)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryActive};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  svg { flex-shrink: 0; ${icon('sm')} }
`;
