import type { User } from '@quad/contracts';
import { Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useLogout } from '../../lib/auth/use-logout';
import { useUserDevice } from '../../lib/device/use-device';
import { Avatar } from '../../ui/avatar';
import { useMediaQuery } from '../../ui/use-media-query';
import { LogOutIcon, MenuIcon, SearchIcon, SettingsIcon, ShieldIcon } from '../../ui/icons';
import { mediaQuery } from '../theme';
import { paths } from '../paths';
import {
  Actions,
  BottomLink,
  BellSlot,
  BottomNav,
  BrandLink,
  BrandMark,
  Content,
  IconAction,
  IconLink,
  MainLinks,
  MenuButton,
  NavLabel,
  ProfileLink,
  Shell,
  Spacer,
  TopBar,
  TopBarInner,
  TopLink,
} from './app-layout.styles';
import { lazyPage } from '../lazy-page';
import { DeviceIcon, deviceLabel } from './device-icon';
import { MainNavLinks } from './main-nav-links';
import { SideMenu } from './side-menu';
import { ConfirmEmailBanner } from '../../features/account/components/confirm-email-banner';

// Its own chunk: the first screen's scripts stay within their budget (e2e/web-build), and the box
// arrives a moment after the bar.
const HeaderSearch = lazyPage(() => import('../../features/search/components/header-search'), 'HeaderSearch');
// Its own chunk too: the bell keeps its count live over the chat socket, whose client stays out of
// the first screen's scripts.
const NotificationBell = lazyPage(
  () => import('../../features/notifications/components/notification-bell'),
  'NotificationBell',
);

/**
 * The signed-in frame: top bar (side menu on small screens) and, on touch devices, the bottom
 * tab bar (spec section 2, Navigation).
 */
export function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  const device = useUserDevice();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const { pathname } = useLocation();
  // Close the side menu when the route changes (e.g. browser back while it is open).
  if (menuOpen && menuPath !== pathname) {
    setMenuOpen(false);
  }
  const showBottomNav = device !== null && device !== 'desktop';
  // A phone's bar has no room for the box: a search button opens /search, whose box takes the width.
  const roomForSearchBox = useMediaQuery(mediaQuery.up('md'));

  function openMenu() {
    setMenuPath(pathname);
    setMenuOpen(true);
  }

  return (
    <Shell $withBottomNav={showBottomNav}>
      <TopBar>
        <TopBarInner>
          <MenuButton type="button" aria-label="Open menu" aria-expanded={menuOpen} onClick={openMenu}>
            <MenuIcon />
          </MenuButton>
          <BrandLink to={paths.home}>
            <BrandMark aria-hidden="true" />
            <span>Quad</span>
          </BrandLink>
          <MainLinks aria-label="Main">
            <MainNavLinks Link={TopLink} />
            {user.isAdmin && (
              <TopLink to={paths.adminPanel} title="Admin">
                <ShieldIcon />
                <NavLabel>Admin</NavLabel>
              </TopLink>
            )}
          </MainLinks>
          <Spacer />
          {roomForSearchBox && pathname !== paths.search && (
            <Suspense fallback={null}>
              <HeaderSearch />
            </Suspense>
          )}
          {/* Outside Actions, which the bar hides below lg: a phone's top bar keeps the search
              button and the bell (issue 23). */}
          {!roomForSearchBox && (
            <IconLink to={paths.search} aria-label="Search" title="Search">
              <SearchIcon />
            </IconLink>
          )}
          <Suspense fallback={<BellSlot aria-hidden="true" />}>
            <NotificationBell />
          </Suspense>
          <Actions>
            <IconLink
              to={paths.deviceSelection}
              aria-label={`Device: ${deviceLabel(device)}`}
              title={`Device: ${deviceLabel(device)}`}
            >
              <DeviceIcon device={device} />
            </IconLink>
            <IconLink to={paths.subscriptionSettings} aria-label="Settings" title="Settings">
              <SettingsIcon />
            </IconLink>
            <ProfileLink to={paths.profile} aria-label="Profile" title="Profile">
              <Avatar person={user} size={34} />
            </ProfileLink>
            <IconAction type="button" aria-label="Logout" title="Logout" onClick={logout}>
              <LogOutIcon />
            </IconAction>
          </Actions>
        </TopBarInner>
      </TopBar>
      <ConfirmEmailBanner user={user} />
      <Content>{children}</Content>
      {showBottomNav && (
        <BottomNav aria-label="Tabs">
          <MainNavLinks Link={BottomLink} walkthroughTargets />
        </BottomNav>
      )}
      <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        user={user}
        device={device}
        onLogout={logout}
      />
    </Shell>
  );
}
