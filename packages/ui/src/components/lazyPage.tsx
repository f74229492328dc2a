import { type ComponentType, lazy, Suspense } from 'react';
import { Spinner } from './Spinner';

/** What a route shows while its code downloads. */
export function PageFallback() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-indigo-600 dark:text-indigo-400">
      <Spinner className="size-8" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}

/**
 * A route component whose code is its own chunk, loaded on first visit (the landing page's JS stays
 * small). `lazyPage(() => import('./pages/x/XPage'), 'XPage')` for a module with a named export.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Page = lazy(async () => {
    const module = await load();
    const component: ComponentType = module[name];
    return { default: component };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module level, never during a render
  function LazyPage() {
    return (
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `LazyPage(${name})`;
  return LazyPage;
}
