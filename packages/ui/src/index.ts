// The Mentora React app, shared by the web and desktop shells.
export { App, type AppProps, type RouterKind } from './App';
// Types of the Platform's optional parts; the helpers a shell other than the web needs are in ./shell.
export type { FetchTransportOptions } from './live/fetchTransport';
export type { LiveTransport } from './live/transport';
export type { ServerAddressFormProps } from './pages/settings/ServerAddressForm';
export { openTabLater } from './platform/pendingTab';
export type {
  PendingExternal,
  Platform,
  PlatformAttention,
  PlatformDownloads,
  PlatformStorage,
  SavedDownload,
  ServerAddressChange,
  ServerAddressSetting,
} from './platform/platform';
export type { Theme } from './theme/theme';
