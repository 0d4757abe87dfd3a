import { NavLink } from 'react-router-dom';
import styled, { css, keyframes } from 'styled-components';
import { media } from '../theme';

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
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: saturate(180%) blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const TopBarInner = styled.div`
  height: 100%;
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 0 1.25rem;
  ${media.down('sm')} { padding: 0 0.75rem; }
`;

export const BrandLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: 0.625rem;
  margin-right: 0.5rem;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.01em;
  &:hover { text-decoration: none; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; border-radius: ${({ theme }) => theme.radii.md}; }
`;

export const BrandMark = styled.span`
  display: grid;
  place-items: center;
  width: 2.125rem;
  height: 2.125rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-size: 1.05rem;
`;

export const MainLinks = styled.nav`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  ${media.down('lg')} { display: none; }
`;

const linkStyles = css`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  height: 2.375rem;
  padding: 0 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  white-space: nowrap;
  transition: background 120ms ease, color 120ms ease;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  &.active { background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primaryActive}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  svg { width: 1.05rem; height: 1.05rem; flex-shrink: 0; }
`;

export const TopLink = styled(NavLink)`${linkStyles}`;

export const Spacer = styled.div`flex: 1;`;

export const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  ${media.down('lg')} { display: none; }
`;

export const IconLink = styled(NavLink)`
  ${linkStyles}
  width: 2.375rem;
  padding: 0;
  justify-content: center;
`;

export const ProfileLink = styled(NavLink)`
  display: inline-grid;
  place-items: center;
  margin: 0 0.25rem;
  border-radius: 50%;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  &.active > span { box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface}, 0 0 0 4px ${({ theme }) => theme.colors.primary}; }
`;

export const MenuButton = styled.button`
  display: none;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textSecondary};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  svg { width: 1.35rem; height: 1.35rem; }
  ${media.down('lg')} { display: grid; }
`;

export const Content = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-width: 0;
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
  width: min(18rem, 85vw);
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  padding: 1rem 0.75rem calc(1rem + env(safe-area-inset-bottom));
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  overflow-y: auto;
  animation: ${slide} 200ms ease;
  &:focus { outline: none; }
`;

export const MenuHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 0.25rem 0.75rem;
  margin-bottom: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const MenuUser = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.75rem 0.5rem;
  min-width: 0;
`;

export const MenuUserName = styled.div`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const MenuUserMeta = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const MenuSection = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  padding: 0.5rem 0;
  & + &, nav + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

export const MenuLink = styled(NavLink)`
  ${linkStyles}
  height: 2.75rem;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

export const MenuAction = styled.button`
  ${linkStyles}
  height: 2.75rem;
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
  background: rgba(255, 255, 255, 0.96);
  backdrop-filter: blur(8px);
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export const BottomLink = styled(NavLink)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.2rem;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.7rem;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  &:hover { text-decoration: none; color: ${({ theme }) => theme.colors.text}; }
  &.active { color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: none; box-shadow: inset ${({ theme }) => theme.shadows.focus}; }
  svg { width: 1.35rem; height: 1.35rem; }
`;

export const IconAction = styled.button`
  ${linkStyles}
  width: 2.375rem;
  padding: 0;
  justify-content: center;
  border: none;
  background: transparent;
  cursor: pointer;
`;
