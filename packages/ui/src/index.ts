// The Mentora React app, shared by the web and desktop shells.
export { App, type AppProps, type RouterKind } from './App';
export type { Platform, PlatformStorage } from './platform/platform';
