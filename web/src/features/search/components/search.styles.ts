import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { media, space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { withTag } from '../../../ui/with-tag';
import { SearchInput } from '../../../ui/search-input';

/* The header box and its suggestions. */

export const BoxRoot = styled.form`
  position: relative;
  flex: 1 1 220px;
  max-width: 420px;
  min-width: 0;
  ${media.down('sm')} {
    max-width: none;
    flex-basis: 100%;
  }
`;

export const Kbd = styled.kbd`
  flex: none;
  padding: ${space(0, 1.5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xs};
  font-family: inherit;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
  ${media.down('md')} {
    display: none;
  }
`;

export const Suggestions = styled(Card).attrs(withTag('ul'))`
  position: absolute;
  top: calc(100% + ${space(1.5)});
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.nav + 1};
  list-style: none;
  margin: 0;
  padding: ${space(1.5)};
  box-shadow: ${({ theme }) => theme.shadows.md};
  max-height: min(70vh, 480px);
  overflow-y: auto;
`;

export const SuggestionLink = styled(Link)<{ $active?: boolean }>`
  display: block;
  padding: ${space(2, 2.5)};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  background: ${({ $active, theme }) => ($active ? theme.colors.surfaceHover : 'transparent')};
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceHover};
    text-decoration: none;
    outline: none;
  }
`;

export const SuggestionMeta = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/* The /search page. */

export const Filters = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 3 })`
  margin: ${space(4, 0)};
  > * {
    flex: 1 1 180px;
  }
`;

export const Results = styled(Stack).attrs(withTag('ol', { $gap: 3 }))`
  list-style: none;
  margin: ${space(4, 0, 0)};
  padding: 0;
`;

export const ResultCard = styled(Card).attrs(withTag('article', { $padding: 'md' as const }))`
  display: flex;
  gap: ${space(3)};
  align-items: flex-start;
  min-width: 0;
`;

export const ResultBody = styled.div`
  flex: 1;
  min-width: 0;
`;

export const ResultTitle = styled(Link)`
  display: block;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
  &:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export const ResultSnippet = styled.p`
  margin: ${space(1.5, 0, 0)};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

export const ResultMeta = styled(Stack).attrs({
  $row: true,
  $wrap: true,
  $align: 'center' as const,
  $gap: 2,
})`
  margin-top: ${space(2)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

/** The search page's own box, above its filters. */
export const PageSearch = styled(SearchInput)`
  margin-bottom: ${space(4)};
`;
