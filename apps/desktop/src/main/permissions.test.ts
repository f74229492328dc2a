import { describe, expect, it } from 'vitest';
import { FakeLog, FakeSession } from '../../test/fakeElectron';
import { denyAllPermissions } from './permissions';

describe('denyAllPermissions', () => {
  it('refuses every permission request, logging it, and every permission check', async () => {
    const session = new FakeSession();
    const log = new FakeLog();
    denyAllPermissions(session, log);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      expect(await session.request(permission)).toBe(false);
      expect(session.check(permission)).toBe(false);
    }
    expect(log.warnings).toContain('Denied a permission request: media');
  });
});
