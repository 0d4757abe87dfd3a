import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export (our components are named, not default, exports). */
export function lazyPage<Props, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
