import { useSyncExternalStore } from 'react';

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Whether a media query (`mediaQuery.up('lg')` of the theme) matches, following changes (a window
 * resized, a phone turned). For parts a layout hides at some widths: not rendering them there
 * saves a phone their work and their requests, not just their pixels. Where `matchMedia` is
 * missing (jsdom), everything counts as shown.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!supported()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => !supported() || window.matchMedia(query).matches,
  );
}
