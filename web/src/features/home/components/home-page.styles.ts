import styled, { css } from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { Card, Panel } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { withTag } from '../../../ui/with-tag';
import { Text } from '../../../ui/text';

export const Layout = styled.div`
  flex: 1;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space(6)};
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
  padding: ${space(6)};
  ${media.up('lg')} { grid-template-columns: ${({ theme }) => theme.layout.sidebarWidth} minmax(0, 1fr); }
  ${media.up('xl')} { grid-template-columns: ${({ theme }) => `${theme.layout.sidebarWidth} minmax(0, 1fr) ${theme.layout.messagesWidth}`}; }
  ${media.down('md')} { padding: ${space(4)}; gap: ${space(4)}; }
`;

/* The side columns stay in view while the feed scrolls; taller than the window, they scroll themselves. */
const stickyColumn = css`
  position: sticky;
  top: calc(${({ theme }) => theme.layout.topBarHeight} + ${space(6)} - ${space(1)});
  align-self: start;
  max-height: calc(100dvh - ${({ theme }) => theme.layout.topBarHeight} - ${space(12)} + ${space(2)});
  overflow-y: auto;
  overscroll-behavior: contain;
  scrollbar-width: thin;
  scrollbar-color: ${({ theme }) => theme.colors.borderStrong} transparent;
  /* Room for focus rings and the panels' shadow inside the scroll box (the 4px above offsets it). */
  margin: -${space(1)};
  padding: ${space(1)};
`;

/** Rendered only from the lg breakpoint on (HomePage's useMediaQuery). */
export const Sidebar = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  ${stickyColumn}
`;

/** Kept for the messages panel, which imports it from here. */
export { Panel };

export const SidebarTitle = styled.div`
  padding: ${space(1, 1, 3)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: ${space(3)};
`;

export const ProductTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
  letter-spacing: -0.01em;
`;

export const ProductSubtitle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const UserBlock = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  gap: ${space(3)};
  padding: ${space(2)};
  border: none;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: transparent;
  text-align: left;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

export const UserName = styled(Text).attrs(withTag('span', { $weight: 'semibold' as const, $tone: 'text' as const, $truncate: true }))`
  display: block;
`;

export const UserMeta = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const SectionHeading = styled.h3`
  margin-bottom: ${space(2)};
  padding: ${space(0, 1)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.subtle};
`;

export const SlotHint = styled.p`
  padding: ${space(2, 1)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Main = styled(Stack).attrs(withTag('section'))``;

export const Header = styled(Card).attrs(withTag('header'))`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${space(3)};
  padding: ${space(4, 5)};
`;

export const HeaderTitle = styled(Stack).attrs(withTag('h1', { $row: true, $align: 'center' as const, $gap: 2.5 }))`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  svg { ${icon('lg')} color: ${({ theme }) => theme.colors.primary}; }
`;

export const HeaderActions = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 2 })`
  ${media.down('sm')} {
    width: 100%;
    flex-wrap: nowrap;
    > * { flex: 1; padding: ${space(0, 2)}; }
  }
`;

/** Rendered only from the xl breakpoint on (HomePage's useMediaQuery). */
export const MessagesColumn = styled.aside`
  display: block;
  ${stickyColumn}
`;
