import styled, { css } from 'styled-components';
import { icon, space } from '../app/theme';

export type BadgeVariant = 'default' | 'primary' | 'success' | 'warning' | 'danger' | 'outline';

const variants = {
  default: css`background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.textSecondary};`,
  primary: css`background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primaryActive};`,
  success: css`background: ${({ theme }) => theme.colors.successSoft}; color: ${({ theme }) => theme.colors.successText};`,
  warning: css`background: ${({ theme }) => theme.colors.warningSoft}; color: ${({ theme }) => theme.colors.warningText};`,
  danger: css`background: ${({ theme }) => theme.colors.dangerSoft}; color: ${({ theme }) => theme.colors.danger};`,
  outline: css`background: transparent; color: ${({ theme }) => theme.colors.textSecondary}; border-color: ${({ theme }) => theme.colors.border};`,
} satisfies Record<BadgeVariant, ReturnType<typeof css>>;

/** A small status label ("Verified", "Admin", counts). */
export const Badge = styled.span<{ $variant?: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  height: ${space(6)};
  padding: ${space(0, 2.5)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  white-space: nowrap;
  ${({ $variant = 'default' }) => variants[$variant]}
  svg { ${icon('xs')} }
`;

/** A small rounded count beside a label (comments on a post, posts in a topic). */
export const CountPill = styled.span`
  min-width: ${space(5)};
  padding: ${space(0, 1.5)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceHover};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${space(5)};
  text-align: center;
`;
