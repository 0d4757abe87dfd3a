import styled from 'styled-components';
import type { AppTheme } from '../app/theme';

const tones = {
  text: 'text',
  secondary: 'textSecondary',
  muted: 'muted',
  subtle: 'subtle',
  primary: 'primary',
  danger: 'danger',
} as const satisfies Record<string, keyof AppTheme['colors']>;

export interface TextProps {
  $size?: keyof AppTheme['fontSizes'];
  $weight?: keyof AppTheme['fontWeights'];
  /** Colour; inherited when absent. */
  $tone?: keyof typeof tones;
  /** One line, cut with an ellipsis (names in narrow columns). */
  $truncate?: boolean;
}

/**
 * A run of text in the theme's type scale: titles, descriptions, labels and counts are
 * presets of it (`styled(Text).attrs(withTag('h2', { $size: 'xl', $weight: 'semibold', $tone: 'text' }))`).
 */
export const Text = styled.p<TextProps>`
  ${({ theme, $size }) => ($size ? `font-size: ${theme.fontSizes[$size]};` : '')}
  ${({ theme, $weight }) => ($weight ? `font-weight: ${theme.fontWeights[$weight]};` : '')}
  ${({ theme, $tone }) => ($tone ? `color: ${theme.colors[tones[$tone]]};` : '')}
  ${({ $truncate }) => ($truncate ? 'overflow: hidden; text-overflow: ellipsis; white-space: nowrap;' : '')}
`;

/** Secondary copy under a title: small and muted. */
export const MutedText = styled(Text).attrs({ $size: 'sm' as const, $tone: 'muted' as const })``;
