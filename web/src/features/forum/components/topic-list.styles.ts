import styled from 'styled-components';
import { media } from '../../../app/theme';

export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
`;

export const TopicButton = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  gap: 0.625rem;
  height: 2.5rem;
  padding: 0 0.5rem;
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-align: left;
  cursor: pointer;
  transition: background 120ms ease, color 120ms ease;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryActive};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

export const TopicIcon = styled.span<{ $color: string }>`
  display: grid;
  place-items: center;
  flex-shrink: 0;
  width: 1.75rem;
  height: 1.75rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ $color }) => `${$color}1F`};
  font-size: 0.95rem;
  line-height: 1;
`;

export const TopicName = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const Count = styled.span`
  min-width: 1.5rem;
  padding: 0 0.4rem;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceHover};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.25rem;
  text-align: center;
  [aria-pressed='true'] > & { background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.primaryActive}; }
`;

export const Skeleton = styled.span`
  display: block;
  height: 2.5rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: linear-gradient(90deg, ${({ theme }) => theme.colors.surfaceHover} 25%, #e9eef5 50%, ${({ theme }) => theme.colors.surfaceHover} 75%);
  background-size: 200% 100%;
`;

export const Hint = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.5rem;
  padding: 0.5rem 0.25rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

/* Mobile topic dropdown */

export const PickerBar = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 0.75rem;
  padding: 0.875rem 1rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  > * { flex: 1; }
  ${media.up('lg')} { display: none; }
`;
