import { lazy, useState, type ComponentProps, type ComponentType } from 'react';

/**
 * React.lazy for a module's named export (our components are named, not default, exports), with
 * `preload()` to start the download ahead. A page whose module has already arrived renders at
 * once: plain React.lazy would still suspend on its first render, and React holds a Suspense
 * fallback it has just shown for up to 300 ms before revealing the content.
 */
// oxlint-disable-next-line no-explicit-any -- a page's props are whatever its module's export takes
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  let loaded: M[K] | null = null;
  const loadExport = async () => {
    loaded = (await load())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await loadExport() }));

  function LazyPage(props: ComponentProps<M[K]>) {
    // Chosen once per mount: a component that changed type under React would lose its state.
    // oxlint-disable-next-line no-explicit-any -- M[K] or its lazy twin, both taking these props
    const [Page] = useState<ComponentType<any>>(() => loaded ?? Lazy);
    return <Page {...props} />;
  }
  return Object.assign(LazyPage, {
    /** Starts loading the module; resolves when it is there (rejects when the download fails). */
    preload: async () => {
      await loadExport();
    },
  });
}
