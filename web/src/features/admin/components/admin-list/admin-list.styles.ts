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

export const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.spacing(2, 3)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
    vertical-align: middle;
  }
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
