import { createContext, type ReactNode, useContext } from 'react';
import type { Platform } from './platform';

const PlatformContext = createContext<Platform | null>(null);

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform must be used inside <App platform={...}>');
  return platform;
}

/**
 * Where the API's own paths (/api/…) are fetched from: nothing on the web (the page's origin), the
 * server's address on the desktop. Nothing either outside a platform (a component shown on its own).
 */
export function useApiOrigin(): string {
  const platform = useContext(PlatformContext);
  return platform ? platform.apiBaseUrl.replace(/\/api\/?$/, '') : '';
}
