import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

describe('preloadable', () => {
  it('loads once for every caller and keeps the module', async () => {
    const load = vi.fn(async () => ({ Page: 'page' }));
    const loader = preloadable(load);
    expect(loader.loaded).toBeUndefined();
    const [a, b] = await Promise.all([loader(), loader()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    expect(loader.loaded).toEqual({ Page: 'page' });
  });

  it('tries again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ Page: 'page' });
    const loader = preloadable(load);
    await expect(loader()).rejects.toThrow('offline');
    await expect(loader()).resolves.toEqual({ Page: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
