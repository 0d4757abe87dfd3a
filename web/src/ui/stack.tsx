import styled from 'styled-components';
import { space } from '../app/theme';

/**
 * Children in a column (or a row) with a gap from the spacing scale: `<Stack $gap={4}>` is a
 * 1rem gap. Forms, lists and feeds are Stacks; `as="form"` and friends change the element.
 */
export const Stack = styled.div<{ $gap?: number; $row?: boolean; $align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline' }>`
  display: flex;
  flex-direction: ${({ $row }) => ($row ? 'row' : 'column')};
  ${({ $align }) => ($align ? `align-items: ${$align === 'start' || $align === 'end' ? `flex-${$align}` : $align};` : '')}
  gap: ${({ $gap = 4 }) => space($gap)};
  min-width: 0;
`;

/** Dialog and form buttons: right-aligned, wrapping, 0.5rem apart. */
export const ButtonRow = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${space(2)};
`;
