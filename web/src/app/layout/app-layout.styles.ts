import { NavLink } from 'react-router-dom';
import styled, { css, keyframes } from 'styled-components';
import { IconButton } from '../../ui/icon-button';
import { icon, media, space, visuallyHidden } from '../theme';
import { Stack } from '../../ui/stack';
import { IconTile } from '../../ui/icon-tile';
import { withTag } from '../../ui/with-tag';
import { Text } from '../../ui/text';

export const Shell = styled.div<{ $withBottomNav: boolean }>`
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  padding-bottom: ${({ $withBottomNav, theme }) => ($withBottomNav ? `calc(${theme.layout.bottomNavHeight} + env(safe-area-inset-bottom))` : '0')};
`;

export const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.nav};
  height: ${({ theme }) => theme.layout.topBarHeight};
  background: ${({ theme }) => theme.colors.translucentSurface};
  backdrop-filter: saturate(180%) blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const TopBarInner = styled(Stack).attrs({ $row: true, $align: 'center' as const })`
  height: 100%;
  padding: ${space(0, 5)};
  ${media.down('sm')} { padding: ${space(0, 3)}; }
`;

/** The 'Q' mark and the product name, in the top bar (a link home) and the side menu. */
export const Brand = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space(2.5)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.01em;
`;

export const BrandLink = styled(Brand).attrs(withTag(NavLink))`
  margin-right: ${space(2)};
  &:hover { text-decoration: none; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; border-radius: ${({ theme }) => theme.radii.md}; }
`;

export const BrandMark = styled(IconTile).attrs({ $size: 8.5, $radius: 'md' as const, $tone: 'solid' as const })`
  font-size: ${({ theme }) => theme.fontSizes.md};
  &::before { content: 'Q'; }
`;

export const MainLinks = styled(Stack).attrs(withTag('nav', { $row: true, $align: 'center' as const, $gap: 1 }))`
  ${media.down('lg')} { display: none; }
`;

const linkStyles = css`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  height: ${space(9.5)};
  padding: ${space(0, 3)};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  white-space: nowrap;
  transition: background 120ms ease, color 120ms ease;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  &.active { background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primaryActive}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  svg { ${icon('md')} flex-shrink: 0; }
`;

/** A link's words (the main links, Admin); in the top bar below xl only its icon shows (see TopLink). */
export const NavLabel = styled.span``;

/**
 * The top bar's main links. From lg to xl the bar has the links, the search box and the actions
 * side by side, and with words they did not fit (at 1,024 px the search box lay over Polls, and
 * over Ideas and Polls for an admin, whose bar also has Admin): there each link shows its icon, and
 * its words stay its accessible name and show as its tooltip (`title`).
 */
export const TopLink = styled(NavLink)`
  ${linkStyles}
  ${media.down('xl')} {
    padding: 0;
    width: ${space(9.5)};
    justify-content: center;
    ${NavLabel} { ${visuallyHidden} }
  }
`;

export const Spacer = styled.div`flex: 1;`;

export const Actions = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 1 })`
  ${media.down('lg')} { display: none; }
`;

export const IconLink = styled(NavLink)`
  ${linkStyles}
  width: ${space(9.5)};
  padding: 0;
  justify-content: center;
`;

export const ProfileLink = styled(NavLink)`
  display: inline-grid;
  place-items: center;
  margin: ${space(0, 1)};
  border-radius: 50%;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  &.active > span { box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface}, 0 0 0 ${space(1)} ${({ theme }) => theme.colors.primary}; }
`;

export const MenuButton = styled(IconButton).attrs({ $size: 'lg' as const })`
  display: none;
  color: ${({ theme }) => theme.colors.textSecondary};
  ${media.down('lg')} { display: grid; }
`;

export const Content = styled(Stack).attrs({ $gap: 0 })`
  flex: 1;
`;

/* Side menu (small screens) */

const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const slide = keyframes`from { transform: translateX(-100%); } to { transform: none; }`;

export const MenuOverlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.sideMenu};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fade} 150ms ease;
`;

export const MenuPanel = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.sideMenu + 1};
  width: min(${space(72)}, 85vw);
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  padding: ${space(4)} ${space(3)} calc(${space(4)} + env(safe-area-inset-bottom));
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  overflow-y: auto;
  animation: ${slide} 200ms ease;
  &:focus { outline: none; }
`;

export const MenuHeader = styled(Stack).attrs({ $row: true, $align: 'center' as const, $justify: 'between' as const })`
  padding: ${space(0, 1, 3)};
  margin-bottom: ${space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const MenuUser = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 3 })`
  padding: ${space(3, 2)};
`;

export const MenuUserName = styled(Text).attrs(withTag('div', { $weight: 'semibold' as const, $truncate: true }))``;

export const MenuUserMeta = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const MenuSection = styled(Stack).attrs({ $gap: 0.5 })`
  padding: ${space(2, 0)};
  & + &, nav + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

export const MenuLink = styled(NavLink)`
  ${linkStyles}
  height: ${space(11)};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

export const MenuAction = styled.button`
  ${linkStyles}
  height: ${space(11)};
  width: 100%;
  border: none;
  background: transparent;
  font-size: ${({ theme }) => theme.fontSizes.md};
  cursor: pointer;
  text-align: left;
`;

/* Bottom tab bar (touch devices) */

export const BottomNav = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.bottomNav};
  display: grid;
  grid-template-columns: repeat(5, 1fr);
  height: calc(${({ theme }) => theme.layout.bottomNavHeight} + env(safe-area-inset-bottom));
  padding-bottom: env(safe-area-inset-bottom);
  background: ${({ theme }) => theme.colors.translucentSurface};
  backdrop-filter: blur(8px);
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export const BottomLink = styled(NavLink)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space(1)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes['2xs']};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  &:hover { text-decoration: none; color: ${({ theme }) => theme.colors.text}; }
  &.active { color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: none; box-shadow: inset ${({ theme }) => theme.shadows.focus}; }
  svg { ${icon('xl')} }
`;

export const IconAction = styled.button`
  ${linkStyles}
  width: ${space(9.5)};
  padding: 0;
  justify-content: center;
  border: none;
  background: transparent;
  cursor: pointer;
`;

/** Holds the bell's place while its chunk loads, so the bar does not shift. */
export const BellSlot = styled.span`
  display: inline-block;
  width: ${space(9.5)};
  height: ${space(9.5)};
`;
