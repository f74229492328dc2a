// Runs before the app's bundle: puts the stored (or system) theme on <html> so the first paint already
// has the right colours. Same rule and storage key as packages/ui's ThemeProvider, which takes over.
(() => {
  try {
    const stored = window.localStorage.getItem('theme');
    const dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage can be unavailable (privacy modes); the app still applies the theme once it starts.
  }
})();
