import { STORAGE_KEYS } from '@mentora/contract';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { usePlatform } from '../platform/PlatformContext';
import { ThemeContext, type ThemeState } from './ThemeContext';
import { applyTheme, initialTheme, systemPrefersDark, type Theme } from './theme';

/** Dark or light, from the stored choice or the system preference; each change is saved. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const platform = usePlatform();
  const [theme, setThemeState] = useState<Theme>(() =>
    initialTheme(platform.storage.get(STORAGE_KEYS.theme), systemPrefersDark()),
  );

  // Before paint, so the first frame already has the right colours.
  useLayoutEffect(() => applyTheme(theme), [theme]);

  const setTheme = useCallback(
    (next: Theme) => {
      platform.storage.set(STORAGE_KEYS.theme, next);
      setThemeState(next);
    },
    [platform],
  );
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);

  const value = useMemo<ThemeState>(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
