import styled, { css } from 'styled-components';
import { space, type AppTheme } from '../app/theme';
import { MutedText, Text } from './text';
import { withTag } from './with-tag';

/** Inner spacing of a card, from the spacing scale: sm 1rem, md 1.25rem, lg 1.5rem (the default). */
export type CardPadding = 'none' | 'sm' | 'md' | 'lg';
const paddings: Record<CardPadding, string> = { none: '0', sm: space(4), md: space(5), lg: space(6) };

export interface CardProps {
  $padding?: CardPadding;
  /** Elevation: a theme shadow, 'none' for a flat card. Default 'sm'. */
  $shadow?: keyof AppTheme['shadows'] | 'none';
  /** Lifts on hover (a card the user acts on). */
  $interactive?: boolean;
}

/**
 * The one surface of the app: white, bordered, rounded, lightly raised. Panels, post cards,
 * stat tiles, the sign-in card and the dialogs are all this Card; give it another element with
 * `as` (`<Card as="section">`) and extend it with `styled(Card)` for a layout of its own.
 */
export const Card = styled.div<CardProps>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme, $shadow = 'sm' }) => ($shadow === 'none' ? 'none' : theme.shadows[$shadow])};
  padding: ${({ $padding = 'lg' }) => paddings[$padding]};
  ${({ $interactive }) =>
    $interactive &&
    css`
      transition: box-shadow 160ms ease, border-color 160ms ease;
      &:hover { box-shadow: ${({ theme }) => theme.shadows.md}; }
    `}
`;

export const CardTitle = styled(Text).attrs(withTag('h2', { $size: 'lg' as const, $weight: 'semibold' as const, $tone: 'text' as const }))``;

export const CardDescription = styled(MutedText)`
  margin-top: ${space(1)};
`;

/** A Card as a page section with the small padding: the home screen's panels and the feed's notices. */
export const Panel = styled(Card).attrs(withTag('section', { $padding: 'sm' as const }))``;
