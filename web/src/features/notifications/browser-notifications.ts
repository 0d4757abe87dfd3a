import type { AppNotification } from '@quad/contracts';
import { scheduleNavigation } from '../../app/scheduled-navigation';

/*
 * Browser notifications (the Notifications API) while Quad's tab is in the background. Permission
 * is asked only when the student presses the bell's "Turn on" (never on load); once granted, a
 * notification arriving while the tab is hidden shows one, and a click on it opens its subject.
 */

export type BrowserPermission = NotificationPermission | 'unsupported';

export function browserPermission(): BrowserPermission {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** Asks the browser (from a click); resolves with the answer. */
export async function askBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === 'unsupported') return 'unsupported';
  return Notification.requestPermission();
}

export function showBrowserNotification(notification: AppNotification): void {
  if (browserPermission() !== 'granted' || document.visibilityState !== 'hidden') return;
  try {
    const shown = new Notification('Quad', { body: notification.text, tag: notification.id, icon: '/icons/icon-192.png' });
    shown.onclick = () => {
      window.focus();
      scheduleNavigation(notification.link, 0);
      shown.close();
    };
  } catch {
    // Some mobile browsers only show notifications from a service worker: the bell still counts it.
  }
}
