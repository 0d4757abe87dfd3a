import styled from 'styled-components';
import type { Palette } from '../app/theme';
import { Card } from './card';
import { Stack, type StackProps } from './stack';
import { withTag } from './with-tag';

/**
 * A Card whose children stand in a column, `$gap` steps apart: idea and poll cards, the idea
 * page's sections, moderation's report and ban cards.
 */
export const CardStack = styled(Card)<Pick<StackProps, '$gap'>>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 3 }) => theme.spacing($gap)};
`;

export type BoxTone = 'neutral' | 'info' | 'danger' | 'success';

/** Each tone's background and border colour. */
const boxTones: Record<BoxTone, [background: keyof Palette, border: keyof Palette]> = {
  neutral: ['background', 'border'],
  info: ['primarySoft', 'primaryBorder'],
  danger: ['dangerSoft', 'dangerBorder'],
  success: ['successSoft', 'successBorder'],
};

/**
 * A tinted, bordered box inside a card or screen, its children in a column: the appeal on the
 * suspension screen, the appeal under a ban in moderation. Padding is the user's.
 */
export const TonedBox = styled(Stack)<{ $tone?: BoxTone }>`
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $tone = 'neutral' }) => theme.colors[boxTones[$tone][0]]};
  border-color: ${({ theme, $tone = 'neutral' }) => theme.colors[boxTones[$tone][1]]};
`;

/**
 * The header bar on top of a panel: a row of title and actions over a hairline (a
 * conversation's header, the notifications panel). Padding and gap are the user's.
 */
export const PanelBar = styled(Stack).attrs(withTag('header', { $row: true, $align: 'center' as const }))`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;
