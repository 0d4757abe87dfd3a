import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export (our components are named, not default, exports). */
// oxlint-disable-next-line no-explicit-any -- a page's props are whatever its module's export takes
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
