import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router-dom';

/**
 * Navigations scheduled for later (e.g. home 500 ms after a sign-in toast). Signing in swaps the
 * logged-out route set for the logged-in one, which unmounts the page that scheduled the move, and
 * react-router ignores `navigate` from an unmounted component; so the move is made by this bridge,
 * mounted once beside the routes for the app's whole life.
 */
let navigateNow: NavigateFunction | undefined;
let pending: number | undefined;

export function scheduleNavigation(path: string, delayMs: number): void {
  window.clearTimeout(pending);
  pending = window.setTimeout(() => {
    pending = undefined;
    if (navigateNow) navigateNow(path);
    else window.location.assign(path);
  }, delayMs);
}

export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigateNow = navigate;
    return () => {
      if (navigateNow === navigate) navigateNow = undefined;
    };
  }, [navigate]);
  return null;
}
