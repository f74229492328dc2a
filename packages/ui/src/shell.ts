// `@mentora/ui/shell`: what a shell other than the web (the desktop app) builds its Platform and its own
// screens with. A separate entry, so that none of it lands in the web app's landing page bundle (a
// module re-exported from the main entry is kept in that chunk even where nothing uses it).
export { Logo } from './components/Logo';
export { createFetchTransport } from './live/fetchTransport';
export { ServerAddressForm } from './pages/settings/ServerAddressForm';
export { applyTheme, initialTheme, systemPrefersDark } from './theme/theme';
