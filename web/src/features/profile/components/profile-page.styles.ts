import styled from 'styled-components';
import { media } from '../../../app/theme';

export const HeaderCard = styled.section`
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

export const Cover = styled.div<{ $color: string }>`
  height: 7rem;
  background: linear-gradient(120deg, ${({ $color }) => $color} 0%, ${({ $color }) => $color}B3 55%, ${({ $color }) => $color}66 100%);
  ${media.down('sm')} { height: 5rem; }
`;

export const HeaderBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 0 1.5rem 1.5rem;
  ${media.down('sm')} { padding: 0 1rem 1.25rem; }
`;

export const AvatarRow = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 1rem;
  margin-top: -3rem;
  > span:first-child { box-shadow: 0 0 0 4px ${({ theme }) => theme.colors.surface}; }
`;

export const NameRow = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export const Name = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.01em;
`;

export const MetaList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: inline-flex; align-items: center; gap: 0.375rem; }
  svg { width: 1rem; height: 1rem; }
`;

export const Bio = styled.p`
  color: ${({ theme }) => theme.colors.textSecondary};
  max-width: 48rem;
  white-space: pre-wrap;
`;

export const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export const Stats = styled.section`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1rem;
  margin: 1.25rem 0;
  ${media.down('sm')} { gap: 0.5rem; }
`;

export const StatCard = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.125rem;
  padding: 1.25rem 0.75rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  ${media.down('sm')} { padding: 0.875rem 0.5rem; }
`;

export const StatValue = styled.span`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
`;

export const StatLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 16rem;
  gap: 1.25rem;
  align-items: start;
  ${media.down('lg')} { grid-template-columns: minmax(0, 1fr); }
`;

export const ActivityCard = styled.section`
  padding: 1.25rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

export const ActivityList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
`;

export const ActivityItem = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  padding: 0.875rem 0.25rem;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

export const ActivityTitle = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const ActivityText = styled.p`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

export const ActivityMeta = styled.p`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const LinksCard = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  padding: 1rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

export const LinksTitle = styled.h2`
  padding: 0 0.5rem 0.5rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.subtle};
`;

export const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 4rem 1rem;
`;
