import type { ComponentType } from 'react';
import { BarChartIcon, HomeIcon, LightbulbIcon, MessageIcon, UsersIcon, type IconProps } from '../../ui/icons';
import { paths } from '../paths';

export interface NavItem {
  label: string;
  to: string;
  Icon: ComponentType<IconProps>;
  /** The walkthrough step this destination stands for where its home-screen panel is not shown. */
  walkthrough?: 'friends';
}

/** The five main destinations: top bar, side menu and the bottom tab bar all use this list. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Home', to: paths.home, Icon: HomeIcon },
  { label: 'Messages', to: paths.messages, Icon: MessageIcon },
  { label: 'Friends', to: paths.friends, Icon: UsersIcon, walkthrough: 'friends' },
  { label: 'Ideas', to: paths.ideas, Icon: LightbulbIcon },
  { label: 'Polls', to: paths.polls, Icon: BarChartIcon },
];
