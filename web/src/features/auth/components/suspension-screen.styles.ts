import styled from 'styled-components';

export const Screen = styled.main`
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: 1.5rem;
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.dangerSoft} 0%, ${({ theme }) => theme.colors.background} 60%);
`;

export const Panel = styled.div`
  width: 100%;
  max-width: 30rem;
  padding: 2rem;
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

export const IconCircle = styled.span`
  display: inline-grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  margin-bottom: 1rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  svg { width: 1.6rem; height: 1.6rem; }
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const Lead = styled.p`
  margin-top: 0.5rem;
  color: ${({ theme }) => theme.colors.muted};
`;

export const Details = styled.dl`
  display: grid;
  gap: 0.75rem;
  margin: 1.5rem 0;
  padding: 1rem;
  text-align: left;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  dt { font-size: ${({ theme }) => theme.fontSizes.xs}; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0.125rem 0 0; color: ${({ theme }) => theme.colors.text}; }
`;

export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

export const Note = styled.p`
  margin-top: 1rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;
