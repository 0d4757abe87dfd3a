import styled, { keyframes } from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { Stack } from '../../../ui/stack';
import { quietButton } from '../../../ui/quiet-button';
import { withTag } from '../../../ui/with-tag';
import { Text } from '../../../ui/text';
import { UserText } from '../../../ui/text.styles';

export const Body = styled(Stack).attrs({ $gap: 3 })`
  padding: ${space(5, 5, 3)};
  ${media.down('sm')} {
    padding: ${space(4, 4, 2.5)};
  }
`;

export const Head = styled(Stack).attrs(
  withTag('header', { $row: true, $align: 'center' as const, $gap: 3 }),
)``;

export const Byline = styled(Stack).attrs({ $gap: 0 })`
  flex: 1;
`;

export const AuthorRow = styled(Stack).attrs({
  $row: true,
  $wrap: true,
  $align: 'center' as const,
  $gap: 1.5,
})``;

export const AuthorName = styled(Text).attrs(
  withTag('span', { $weight: 'semibold' as const, $tone: 'text' as const, $truncate: true }),
)``;

export const Meta = styled.span`
  display: inline-flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Dot = styled.span`
  &::before {
    content: '·';
  }
`;

export const TopicChip = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  padding: ${space(0, 2)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ $color }) => `${$color}1A`};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: ${space(5.5)};
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
export const Content = styled(UserText)`
  line-height: 1.6;
`;

export const ImageFrame = styled.div`
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceHover};
  img {
    width: 100%;
    max-height: ${space(112)};
    object-fit: cover;
  }
`;

export const Actions = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 1 })`
  padding: ${space(2, 3)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  ${media.down('sm')} {
    padding: ${space(1.5, 2)};
  }
`;

export const ActionButton = styled.button`
  ${quietButton}
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
  height: ${space(9)};
  padding: ${space(0, 3)};
  &[aria-expanded='true'] {
    color: ${({ theme }) => theme.colors.primaryActive};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  svg {
    ${icon('md')}
  }
`;

export const ReportButton = styled(ActionButton)`
  &:hover {
    background: ${({ theme }) => theme.colors.dangerSoft};
    color: ${({ theme }) => theme.colors.danger};
  }
`;

export { CountPill } from '../../../ui/badge';

export const Views = styled.span`
  margin-left: auto;
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
  padding: ${space(0, 2)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.subtle};
  svg {
    ${icon('sm')}
  }
`;

const shimmer = keyframes`from { background-position: 200% 0; } to { background-position: -200% 0; }`;

export const SkeletonLine = styled.span<{ $width?: string; $height?: string }>`
  display: block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.surfaceHover} 25%,
    ${({ theme }) => theme.colors.skeletonShine} 50%,
    ${({ theme }) => theme.colors.surfaceHover} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
`;

export const SkeletonCircle = styled(SkeletonLine)`
  flex-shrink: 0;
  border-radius: 50%;
`;
