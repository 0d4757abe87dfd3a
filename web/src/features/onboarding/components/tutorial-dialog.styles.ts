import styled, { keyframes } from 'styled-components';

const enter = keyframes`from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; }`;

export const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  margin-bottom: 1.25rem;
`;

export const ProgressLabel = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.muted};
`;

export const ProgressTrack = styled.div`
  height: 0.375rem;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceHover};
  overflow: hidden;
`;

export const ProgressFill = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  border-radius: inherit;
  background: linear-gradient(90deg, #3B82F6, #6366F1);
  transition: width 250ms ease;
`;

export const StepBody = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  text-align: center;
  animation: ${enter} 200ms ease;
`;

export const Illustration = styled.div`
  display: grid;
  place-items: center;
  width: 5rem;
  height: 5rem;
  border-radius: 1.5rem;
  color: #fff;
  background: linear-gradient(135deg, #3B82F6 0%, #4F46E5 100%);
  box-shadow: 0 12px 24px rgba(59, 130, 246, 0.3);
  svg { width: 2.25rem; height: 2.25rem; }
`;

export const Highlights = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  text-align: left;
  li {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    padding: 0.625rem 0.875rem;
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  svg { flex-shrink: 0; width: 1rem; height: 1rem; color: ${({ theme }) => theme.colors.success}; }
`;

export const Footer = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin-top: 1.5rem;
  > :first-child { margin-right: auto; }
`;

/** The tutorial prompt's list of what the tutorial covers. */
export const Preview = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.5rem;
  @media (max-width: 379.98px) { grid-template-columns: minmax(0, 1fr); }
`;

export const PreviewItem = styled.li`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.625rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryActive};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  svg { flex-shrink: 0; width: 1rem; height: 1rem; }
`;
