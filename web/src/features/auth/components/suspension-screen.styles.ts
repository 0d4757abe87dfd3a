import styled from 'styled-components';
import { icon, space } from '../../../app/theme';

export const Screen = styled.main`
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: ${space(6)};
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.dangerSoft} 0%, ${({ theme }) => theme.colors.background} 60%);
`;

export const Panel = styled.div`
  width: 100%;
  max-width: 30rem;
  padding: ${space(8)};
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

export const IconCircle = styled.span`
  display: inline-grid;
  place-items: center;
  width: ${space(14)};
  height: ${space(14)};
  margin-bottom: ${space(4)};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  svg { ${icon('2xl')} }
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const Lead = styled.p`
  margin-top: ${space(2)};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Details = styled.dl`
  display: grid;
  gap: ${space(3)};
  margin: ${space(6)} 0;
  padding: ${space(4)};
  text-align: left;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  dt { font-size: ${({ theme }) => theme.fontSizes.xs}; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: ${space(0.5)} 0 0; color: ${({ theme }) => theme.colors.text}; }
`;

export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
`;

export const Note = styled.p`
  margin-top: ${space(4)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const DownloadFailed = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;
