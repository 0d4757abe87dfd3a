import styled from 'styled-components';
import { media, space } from '../app/theme';

const flexValue = { start: 'flex-start', end: 'flex-end', center: 'center', stretch: 'stretch', baseline: 'baseline', between: 'space-between' } as const;

export interface StackProps {
  /** The gap in steps of the spacing scale (4 = 1rem, the default). */
  $gap?: number;
  /** A row instead of a column. */
  $row?: boolean;
  $wrap?: boolean;
  $align?: 'start' | 'end' | 'center' | 'stretch' | 'baseline';
  $justify?: 'start' | 'end' | 'center' | 'between';
}

/**
 * Children in a column (or a row) with a gap from the spacing scale. Forms, lists, feeds and
 * chip rows are Stacks: `<Stack as="form" $gap={5}>`, `<Stack as="ul" $row $wrap $gap={2}>`
 * (as a list it drops the bullets and indent).
 */
export const Stack = styled.div<StackProps>`
  display: flex;
  flex-direction: ${({ $row }) => ($row ? 'row' : 'column')};
  ${({ $wrap }) => ($wrap ? 'flex-wrap: wrap;' : '')}
  ${({ $align }) => ($align ? `align-items: ${flexValue[$align]};` : '')}
  ${({ $justify }) => ($justify ? `justify-content: ${flexValue[$justify]};` : '')}
  gap: ${({ $gap = 4 }) => space($gap)};
  min-width: 0;
  &:is(ul, ol) { list-style: none; margin: 0; padding: 0; }
`;

/** Dialog and form buttons: right-aligned, wrapping, 0.5rem apart. */
export const ButtonRow = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${space(2)};
`;

/** Two fields side by side (first and last name), one above the other on a phone. */
export const FieldRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${space(3)};
  ${media.down('sm')} { grid-template-columns: 1fr; }
`;

/** One thing (a spinner, a notice) centred in the space, `$padding` steps above and below. */
export const Centered = styled.div<{ $padding?: number }>`
  display: grid;
  place-items: center;
  padding: ${({ $padding = 8 }) => space($padding, 4)};
`;
