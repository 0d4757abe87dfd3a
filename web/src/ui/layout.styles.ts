import styled, { css } from 'styled-components';
import { media, type AppTheme } from '../app/theme';
import { Stack, type StackProps } from './stack';

type Breakpoint = keyof AppTheme['breakpoints'];

/** An avatar or icon, then a block of text that takes the rest of the row (people, a poll's head). */
export const MediaRow = styled(Stack).attrs({ $row: true, $align: 'start' as const, $gap: 3 })`
  > div {
    flex: 1;
    min-width: 0;
  }
`;

/**
 * A form whose fields stand in a column, `$gap` steps apart (4 by default). A form element of
 * its own, so that its `onSubmit` handler is typed for a form.
 */
export const FormStack = styled.form<Pick<StackProps, '$gap'>>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 4 }) => theme.spacing($gap)};
`;

/**
 * Two equal columns that never grow past half the row, one column below `$below` (sm by
 * default): form rows, the skills checkboxes, idea cards, moderation's facts. `$gap` is in
 * steps of the spacing scale, or [row, column].
 */
export const PairGrid = styled.div<{ $gap?: number | [number, number]; $below?: Breakpoint }>`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme, $gap = 4 }) => (Array.isArray($gap) ? theme.spacing(...$gap) : theme.spacing($gap))};
  ${({ $below = 'sm' }) => media.down($below)} {
    grid-template-columns: 1fr;
  }
`;

/**
 * Sections side by side from a breakpoint on, one above the other below it (admin panel,
 * subscription). Columns never grow past their share (minmax(0, …)): a wide table inside scrolls
 * in its own box instead of widening the page.
 */
export const TwoColumns = styled.div<{ $from: Breakpoint }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing(4)};
  ${({ $from }) => media.up($from)} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

/** A row, centred, its two ends apart, for an element no preset reaches (a nested li, a figcaption). */
export const spreadRow = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;
