import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useMarkPageBusy } from './pageBusy';
import type { Preloadable } from './preloadable';
import { Spinner } from './Spinner';

/** What a route shows while its code downloads. */
export function PageFallback() {
  useMarkPageBusy();
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-indigo-600 dark:text-indigo-400">
      <Spinner className="size-8" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}

/**
 * A route component whose code is its own chunk, loaded on first visit (the landing page's JS stays
 * small). `lazyPage(pageModules.x, 'XPage')` for a module with a named export. When the chunk has
 * already arrived (started early, or visited before), the page renders at once, without a fallback.
 */
export function lazyPage<K extends string>(load: Preloadable<Record<K, ComponentType>>, name: K): ComponentType {
  const Page = lazy(async () => {
    const module = await load();
    const component: ComponentType = module[name];
    return { default: component };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module level, never during a render
  function LazyPage() {
    // Decided once per mount: a page that started with the fallback keeps its Suspense boundary.
    const [Loaded] = useState<ComponentType | undefined>(() => load.loaded?.[name]);
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `LazyPage(${name})`;
  return LazyPage;
}
