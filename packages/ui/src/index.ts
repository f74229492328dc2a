// The React app lands here with the web app issue (#5). Until then: the Platform seam of DESIGN.md.
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
