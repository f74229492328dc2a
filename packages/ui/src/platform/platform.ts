// The Platform seam of DESIGN.md: the only place web and desktop differ. packages/ui never touches
// window.localStorage, window.open or Electron itself; each shell hands the App one of these.
export interface PlatformStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface Platform {
  kind: 'web' | 'desktop';
  apiBaseUrl: string;
  storage: PlatformStorage;
  openExternal(url: string): void;
}
