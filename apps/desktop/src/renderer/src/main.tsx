// Entry of the desktop renderer: reads the stored state through the preload's bridge, then mounts the
// server address screen or the shared UI with the desktop Platform.
import { applyTheme, initialTheme, systemPrefersDark } from '@mentora/ui/shell';
import { createRoot } from 'react-dom/client';
import { desktopBridge } from './bridge';
import { DesktopRoot } from './DesktopRoot';
import './index.css';

async function start(container: HTMLElement): Promise<void> {
  const bridge = desktopBridge();
  if (!bridge) {
    container.textContent = 'Mentora’s desktop page only runs inside the Mentora app.';
    return;
  }
  const startup = await bridge.startup();
  // The stored theme before the first paint (the UI's ThemeProvider takes over once it mounts).
  applyTheme(initialTheme(startup.stored.theme ?? null, systemPrefersDark()));
  createRoot(container).render(<DesktopRoot bridge={bridge} startup={startup} />);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
start(container).catch((error: unknown) => {
  console.error('Mentora could not start', error);
  container.textContent = 'Mentora could not start. Please restart the app.';
});
