import type { ComponentProps, ReactNode } from 'react';
import styled from 'styled-components';
import { icon, space } from '../app/theme';
import { SearchIcon } from './icons';

/** The app's search boxes: their height, corners, border, text and icon sizes. */
const LOOKS = {
  /** The top bar's box on every page, a pill. */
  header: { height: 10, radius: 'full', border: 'border', font: 'sm', icon: 'sm' },
  /** A list's filter in a sidebar (Messages' 'Search conversations...'). */
  sidebar: { height: 10, radius: 'md', border: 'borderStrong', font: 'sm', icon: 'sm' },
  /** A page's own search (the search page), larger. */
  page: { height: 12, radius: 'lg', border: 'border', font: 'md', icon: 'md' },
} as const;

type Look = keyof typeof LOOKS;

const Frame = styled.label<{ $look: Look }>`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  min-width: 0;
  height: ${({ $look }) => space(LOOKS[$look].height)};
  padding: ${space(0, 3)};
  border: 1px solid ${({ theme, $look }) => theme.colors[LOOKS[$look].border]};
  border-radius: ${({ theme, $look }) => theme.radii[LOOKS[$look].radius]};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.muted};
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
  svg {
    ${({ $look }) => icon(LOOKS[$look].icon)}
    flex: none;
  }
  input {
    flex: 1;
    min-width: 0;
    border: 0;
    outline: 0;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme, $look }) => theme.fontSizes[LOOKS[$look].font]};
    &::-webkit-search-cancel-button {
      cursor: pointer;
    }
  }
`;

export interface SearchInputProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  look: Look;
  /** Placed on the box (its margins in the page). */
  className?: string;
  /** Shown after the input, inside the box (the header's shortcut key). */
  children?: ReactNode;
}

/** A search box: the magnifier, then a `type="search"` input; the whole box shows the focus. */
export function SearchInput({ look, className, children, ...input }: SearchInputProps) {
  return (
    <Frame $look={look} className={className}>
      <SearchIcon aria-hidden="true" />
      <input type="search" {...input} />
      {children}
    </Frame>
  );
}
