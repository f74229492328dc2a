/** A module loader that loads once and remembers the module, so it can be started early and read later. */
export interface Preloadable<M> {
  (): Promise<M>;
  /** The module once it has arrived. */
  readonly loaded: M | undefined;
}

/**
 * Wraps `load` (an `import()`): every call shares one download, and `loaded` holds the module once it
 * is there. A failed download is forgotten, so a later call tries again.
 */
export function preloadable<M>(load: () => Promise<M>): Preloadable<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const loader = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.defineProperty(loader, 'loaded', { get: () => loaded }) as Preloadable<M>;
}
