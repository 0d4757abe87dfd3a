import type { DeviceType, User } from '@quad/contracts';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { fullName } from '../../lib/initials';
import { Avatar } from '../../ui/avatar';
import { CloseButton } from '../../ui/icon-button';
import { LogOutIcon, SettingsIcon, ShieldIcon, UserIcon } from '../../ui/icons';
import { useFocusTrap } from '../../ui/use-focus-trap';
import { paths } from '../paths';
import {
  Brand,
  BrandMark,
  MenuAction,
  MenuHeader,
  MenuLink,
  MenuOverlay,
  MenuPanel,
  MenuSection,
  MenuUser,
  MenuUserMeta,
  MenuUserName,
} from './app-layout.styles';
import { DeviceIcon } from './device-icon';
import { MainNavLinks } from './main-nav-links';

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  user: User;
  device: DeviceType | null;
  onLogout: () => void;
}

/** Small screens: the same destinations as the top bar, sliding in from the left. */
export function SideMenu({ open, onClose, user, device, onLogout }: SideMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open, onClose);
  if (!open) return null;

  return createPortal(
    <>
      <MenuOverlay onClick={onClose} aria-hidden="true" />
      <MenuPanel ref={panelRef} role="dialog" aria-modal="true" aria-label="Menu" tabIndex={-1}>
        <MenuHeader>
          <Brand>
            <BrandMark aria-hidden="true" />
            Quad
          </Brand>
          <CloseButton placement="inline" label="Close menu" onClick={onClose} />
        </MenuHeader>
        <MenuUser>
          <Avatar person={user} size={40} />
          <div style={{ minWidth: 0 }}>
            <MenuUserName>{fullName(user.firstName, user.lastName) || 'Student'}</MenuUserName>
            <MenuUserMeta>{user.college ?? 'Student'}</MenuUserMeta>
          </div>
        </MenuUser>
        <nav aria-label="Main">
          <MenuSection>
            <MainNavLinks Link={MenuLink} onClick={onClose} />
            {user.isAdmin && (
              <MenuLink to={paths.adminPanel} onClick={onClose}>
                <ShieldIcon />
                Admin
              </MenuLink>
            )}
          </MenuSection>
        </nav>
        <MenuSection>
          <MenuLink to={paths.profile} onClick={onClose}>
            <UserIcon />
            Profile
          </MenuLink>
          <MenuLink to={paths.subscriptionSettings} onClick={onClose}>
            <SettingsIcon />
            Settings
          </MenuLink>
          <MenuLink to={paths.deviceSelection} onClick={onClose}>
            <DeviceIcon device={device} />
            Device Settings
          </MenuLink>
          <MenuAction type="button" onClick={onLogout}>
            <LogOutIcon />
            Logout
          </MenuAction>
        </MenuSection>
      </MenuPanel>
    </>,
    document.body,
  );
}
