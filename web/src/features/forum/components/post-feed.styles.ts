import styled from 'styled-components';

export const FeedList = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

export const StatePanel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: 1rem;
`;

export const SkeletonCard = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1.25rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
`;

export const SkeletonHead = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  > div { flex: 1; display: flex; flex-direction: column; gap: 0.4rem; }
`;

export const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  padding: 0.25rem 0 0.5rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Banner = styled.section`
  position: relative;
  overflow: hidden;
  display: flex;
  align-items: flex-start;
  gap: 1rem;
  padding: 1.25rem 1.5rem;
  border-radius: ${({ theme }) => theme.radii.xl};
  color: #fff;
  background:
    radial-gradient(600px 200px at 100% 0%, rgba(255, 255, 255, 0.18), transparent 60%),
    linear-gradient(120deg, #3B82F6 0%, #2563EB 55%, #4F46E5 100%);
  box-shadow: ${({ theme }) => theme.shadows.md};
  @media (max-width: 639.98px) { padding: 1.125rem 1.25rem; }
`;

export const BannerIcon = styled.span`
  display: grid;
  place-items: center;
  flex-shrink: 0;
  width: 3rem;
  height: 3rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(255, 255, 255, 0.16);
  svg { width: 1.5rem; height: 1.5rem; }
  @media (max-width: 639.98px) { display: none; }
`;

export const BannerText = styled.div`
  flex: 1;
  min-width: 0;
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  p { margin-top: 0.125rem; font-size: ${({ theme }) => theme.fontSizes.sm}; color: rgba(255, 255, 255, 0.88); }
  button { margin-top: 0.875rem; }
`;

export const BannerButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  flex-shrink: 0;
  height: 2.5rem;
  padding: 0 1.125rem;
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
  color: ${({ theme }) => theme.colors.primaryActive};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition: transform 120ms ease, box-shadow 120ms ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadows.md}; transform: translateY(-1px); }
  &:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(255, 255, 255, 0.6); }
  svg { width: 1rem; height: 1rem; }
`;
