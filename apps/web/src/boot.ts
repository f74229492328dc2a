// The first script of the page (its own entry, see vite.config.ts): before the app's bundle has
// arrived, starts the session check and what the page being opened needs first (@mentora/ui/boot).
import { bootEarly } from '@mentora/ui/boot';
import { webPlatform } from './platform';

try {
  bootEarly(webPlatform, window.location);
} catch {
  // Storage can be unavailable (privacy modes): the app then simply starts everything itself.
}
