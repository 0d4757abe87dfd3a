import type { Presence } from '@quad/contracts';
import { formatTimestamp } from '../../lib/time';

/** 'Online', 'Last seen …' from the last disconnect, or 'Offline' when never seen. */
export function presenceText(presence: Presence | undefined, now?: Date): string {
  if (presence?.isOnline) return 'Online';
  if (presence?.lastSeen) {
    const when = formatTimestamp(presence.lastSeen, { now });
    return `Last seen ${when === 'Just now' ? 'just now' : when}`;
  }
  return 'Offline';
}
