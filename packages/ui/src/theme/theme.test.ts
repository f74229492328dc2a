import { describe, expect, it } from 'vitest';
import { applyTheme, initialTheme } from './theme';

describe('initialTheme', () => {
  it('uses the stored choice whatever the system prefers', () => {
    expect(initialTheme('dark', false)).toBe('dark');
    expect(initialTheme('light', true)).toBe('light');
  });

  it('follows the system preference when nothing (or something unknown) is stored', () => {
    expect(initialTheme(null, true)).toBe('dark');
    expect(initialTheme(null, false)).toBe('light');
    expect(initialTheme('purple', true)).toBe('dark');
    expect(initialTheme('', false)).toBe('light');
  });
});

describe('applyTheme', () => {
  it('puts the dark class (and color-scheme) on the root element, and takes it off again', () => {
    const root = document.createElement('html');
    applyTheme('dark', root);
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    applyTheme('light', root);
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
  });
});
