import styled from 'styled-components';
import { media } from '../../../../app/theme';
import { Stack } from '../../../../ui/stack';
import { withTag } from '../../../../ui/with-tag';

/** The search and filters above a table: one column on a phone, a row on wider screens. */
export const Controls = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  /* On a phone the search spans the row and the filters pair up, so the table starts higher. */
  & > :first-child {
    grid-column: 1 / -1;
  }
  ${media.up('md')} {
    grid-template-columns: minmax(14rem, 2fr) repeat(auto-fit, minmax(9rem, 1fr));
    align-items: end;
    & > :first-child {
      grid-column: auto;
    }
  }
`;

/**
 * Scrolls both ways inside the card, so the header row can stay in view (sticky) over a long page;
 * a tab stop, so keyboard users can scroll a table without buttons too (WCAG 2.1.1).
 */
export const TableScroll = styled.div.attrs({ tabIndex: 0 })`
  overflow: auto;
  max-height: min(70vh, 44rem);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

/** The 1-based positions of a table's columns that keep to one line (see TableColumn). */
function fitColumnsCss(positions: readonly number[]): string {
  if (positions.length === 0) return '';
  const cells = positions.map((n) => `th:nth-child(${n}), td:nth-child(${n})`).join(', ');
  // 1% asks for the least width the one line allows; the text columns take the rest.
  return `${cells} { white-space: nowrap; width: 1%; min-width: 0; }`;
}

/**
 * An admin table that fits its card: text columns (names, e-mails, notes, reasons) wrap, so the
 * last column (a row's actions) is in view without scrolling sideways; the columns at
 * `$fitColumns` (dates, amounts, badges, buttons) keep to one line at their own width.
 * A text column keeps a readable minimum, so a narrow screen scrolls the table (TableScroll)
 * instead of squeezing words to a few letters a line.
 */
export const Table = styled.table<{ $fitColumns: readonly number[] }>`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.spacing(2, 3)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    min-width: 6rem;
    overflow-wrap: break-word;
    vertical-align: middle;
    /* A phone scrolls the table sideways anyway: there a text column keeps room for an e-mail's halves. */
    ${media.down('md')} {
      min-width: 9rem;
    }
  }
  ${({ $fitColumns }) => fitColumnsCss($fitColumns)}
  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.muted};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  td {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  td strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  tbody tr:hover td {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

/**
 * Free text of any length in a cell (a payment note, a reason): three lines at most, the whole
 * text in its tooltip and for screen readers; its width is capped so it does not claim the row.
 */
export const LongText = styled.span`
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
  max-width: 16rem;
  overflow-wrap: anywhere;
`;

/** An e-mail address may break anywhere (it has no spaces), after its @ first (EmailText). */
export const Email = styled.span`
  overflow-wrap: anywhere;
`;

export const RowActions = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 2 })``;

export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Placeholder = styled.div`
  padding: ${({ theme }) => theme.spacing(8, 4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const PagerButtons = styled(Stack).attrs(withTag('nav', { $row: true, $gap: 2 }))``;
