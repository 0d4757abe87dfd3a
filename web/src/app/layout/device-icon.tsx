import type { DeviceType } from '@quad/contracts';
import { MonitorIcon, SmartphoneIcon, TabletIcon } from '../../ui/icons';

/** The device icon reflects the stored choice; desktop when there is none (spec section 2). */
export function DeviceIcon({ device }: { device: DeviceType | null }) {
  if (device === 'mobile') return <SmartphoneIcon />;
  if (device === 'tablet') return <TabletIcon />;
  return <MonitorIcon />;
}

export function deviceLabel(device: DeviceType | null): string {
  return device ? device.charAt(0).toUpperCase() + device.slice(1) : 'Desktop';
}
