import styled from 'styled-components';

export const FullScreen = styled.div`
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  padding: 2rem 1.25rem;
  text-align: center;
  background: ${({ theme }) => theme.colors.background};
`;

export const StatusCode = styled.p`
  font-size: 4.5rem;
  line-height: 1;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.04em;
  color: ${({ theme }) => theme.colors.primary};
`;

export const StatusTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;

export const StatusText = styled.p`
  max-width: 28rem;
  color: ${({ theme }) => theme.colors.muted};
`;

export const StatusCard = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  width: 100%;
  max-width: 28rem;
  padding: 2.5rem 2rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

export const IconCircle = styled.span<{ $tone?: 'primary' | 'danger' }>`
  display: grid;
  place-items: center;
  width: 3.25rem;
  height: 3.25rem;
  border-radius: 50%;
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.primarySoft)};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.primary)};
  svg { width: 1.5rem; height: 1.5rem; }
`;

export const LoadingText = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.muted};
`;
