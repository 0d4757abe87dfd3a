import type { ComponentType } from 'react';
import type { NavLinkProps } from 'react-router-dom';
import { paths } from '../paths';
import { NavLabel } from './app-layout.styles';
import { MAIN_NAV } from './nav-items';

/**
 * The five main destinations as links of one look (the top bar's, the bottom tab bar's, the side
 * menu's); Home is active only on its own path. `onClick` runs on each (the side menu closes).
 * `walkthroughTargets` (the bottom tab bar) marks the links that stand in for a walkthrough step's
 * home-screen panel: on a phone or tablet the friends panel is not shown, so the step points at the
 * Friends tab instead of nothing (the walkthrough takes the first target laid out, and the bar
 * comes after the page, so wherever the panel shows it wins).
 */
export function MainNavLinks({
  Link,
  onClick,
  walkthroughTargets = false,
}: {
  Link: ComponentType<NavLinkProps>;
  onClick?: () => void;
  walkthroughTargets?: boolean;
}) {
  return (
    <>
      {MAIN_NAV.map(({ label, to, Icon, walkthrough }) => (
        <Link
          key={to}
          to={to}
          end={to === paths.home}
          onClick={onClick}
          title={label}
          data-walkthrough={walkthroughTargets ? walkthrough : undefined}
        >
          <Icon />
          <NavLabel>{label}</NavLabel>
        </Link>
      ))}
    </>
  );
}
