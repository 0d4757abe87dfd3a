import type { ComponentType } from 'react';
import type { NavLinkProps } from 'react-router-dom';
import { paths } from '../paths';
import { NavLabel } from './app-layout.styles';
import { MAIN_NAV } from './nav-items';

/**
 * The five main destinations as links of one look (the top bar's, the bottom tab bar's, the side
 * menu's); Home is active only on its own path. `onClick` runs on each (the side menu closes).
 */
export function MainNavLinks({ Link, onClick }: { Link: ComponentType<NavLinkProps>; onClick?: () => void }) {
  return (
    <>
      {MAIN_NAV.map(({ label, to, Icon }) => (
        <Link key={to} to={to} end={to === paths.home} onClick={onClick} title={label}>
          <Icon />
          <NavLabel>{label}</NavLabel>
        </Link>
      ))}
    </>
  );
}
