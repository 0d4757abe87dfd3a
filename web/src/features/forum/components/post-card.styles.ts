import styled, { keyframes } from 'styled-components';
import { media } from '../../../app/theme';

export const Card = styled.article`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition: box-shadow 160ms ease, border-color 160ms ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadows.md}; }
`;

export const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1.25rem 1.25rem 0.75rem;
  ${media.down('sm')} { padding: 1rem 1rem 0.625rem; }
`;

export const Head = styled.header`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
`;

export const Byline = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

export const AuthorRow = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.375rem;
  min-width: 0;
`;

export const AuthorName = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const Meta = styled.span`
  display: inline-flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.375rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Dot = styled.span`
  &::before { content: '·'; }
`;

export const TopicChip = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0 0.5rem;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ $color }) => `${$color}1A`};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: 1.35rem;
`;

export const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.35;
  letter-spacing: -0.01em;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

/** Line breaks as typed; text only (never HTML). */
export const Content = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textSecondary};
  line-height: 1.6;
`;

export const ImageFrame = styled.div`
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceHover};
  img { width: 100%; max-height: 28rem; object-fit: cover; }
`;

export const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.5rem 0.75rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  ${media.down('sm')} { padding: 0.375rem 0.5rem; }
`;

export const ActionButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  height: 2.25rem;
  padding: 0 0.75rem;
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
  transition: background 120ms ease, color 120ms ease;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  &[aria-expanded='true'] { color: ${({ theme }) => theme.colors.primaryActive}; background: ${({ theme }) => theme.colors.primarySoft}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  svg { width: 1.05rem; height: 1.05rem; }
`;

export const ReportButton = styled(ActionButton)`
  &:hover { background: ${({ theme }) => theme.colors.dangerSoft}; color: ${({ theme }) => theme.colors.danger}; }
`;

export const CountPill = styled.span`
  min-width: 1.25rem;
  padding: 0 0.35rem;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceHover};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.25rem;
  text-align: center;
`;

export const Views = styled.span`
  margin-left: auto;
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  padding: 0 0.5rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.subtle};
  svg { width: 1rem; height: 1rem; }
`;

const shimmer = keyframes`from { background-position: 200% 0; } to { background-position: -200% 0; }`;

export const SkeletonLine = styled.span<{ $width?: string; $height?: string }>`
  display: block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '0.75rem'};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: linear-gradient(90deg, ${({ theme }) => theme.colors.surfaceHover} 25%, #e9eef5 50%, ${({ theme }) => theme.colors.surfaceHover} 75%);
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
`;

export const SkeletonCircle = styled(SkeletonLine)`
  flex-shrink: 0;
  border-radius: 50%;
`;
