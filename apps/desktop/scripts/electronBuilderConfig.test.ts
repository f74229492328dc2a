// electron-builder cannot package here (it downloads Electron), so the packaging configuration is checked
// the way electron-builder itself reads it: electron-builder.yml loaded through app-builder-lib's
// getConfig (with the options scripts/dist.mjs passes) and validated by its validateConfiguration
// against its own scheme.json. Then what the release needs: fuses, both architectures, icons, the mac
// zip for updates, a real maintainer, and auto-update switched by MENTORA_UPDATE_URL alone.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import { builderConfig, CONFIG_PATH, UPDATE_URL_VARIABLE, updateUrlFrom } from './builderConfig.mjs';

const desktopDir = path.resolve(import.meta.dirname, '..');

// app-builder-lib is electron-builder's engine; load it from electron-builder's own dependencies.
const requireFromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const configModule = requireFromBuilder('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: unknown): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: { isEnabled: boolean }): Promise<void>;
};
const { expandMacro } = requireFromBuilder('app-builder-lib/out/util/macroExpander.js') as {
  expandMacro(pattern: string, arch: string | null, appInfo: object): string;
};

/** The configuration electron-builder ends up with when dist.mjs runs under `env`. */
function load(env: Record<string, string | undefined>): Promise<Configuration> {
  return configModule.getConfig(desktopDir, null, builderConfig(env));
}
const validate = (config: Configuration) => configModule.validateConfiguration(config, { isEnabled: false });

type TargetEntry = { target: string; arch?: string[] } | string;
function targetsOf(platform: Configuration['linux'] | Configuration['mac'] | Configuration['win']): TargetEntry[] {
  const target = platform?.target;
  if (target == null) return [];
  return (Array.isArray(target) ? target : [target]) as TargetEntry[];
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema, with auto-update on and off', async () => {
    await expect(validate(await load({}))).resolves.toBeUndefined();
    await expect(
      validate(await load({ [UPDATE_URL_VARIABLE]: 'https://updates.example.com/mentora' })),
    ).resolves.toBeUndefined();
  });

  it('the schema check catches a wrong key, a misplaced option and a wrong fuse name', async () => {
    const config = await load({});
    await expect(validate({ ...config, electronFuse: { runAsNode: false } } as Configuration)).rejects.toThrow(
      /electronFuse/,
    );
    await expect(
      validate({ ...config, linux: { ...config.linux, maintaner: 'x' } } as unknown as Configuration),
    ).rejects.toThrow(/configuration\.linux/); // ajv names the object, not the key
    await expect(
      validate({ ...config, electronFuses: { ...config.electronFuses, runAsNodeFuse: false } } as Configuration),
    ).rejects.toThrow(/configuration\.electronFuses/);
    await expect(validate({ ...config, mac: { ...config.mac, arch: ['x64'] } } as Configuration)).rejects.toThrow(
      /arch/,
    );
  });

  it('flips Electron’s fuses as the security checklist asks', async () => {
    const { electronFuses } = await load({});
    expect(electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // Only loading from app.asar needs the app in an asar archive.
    expect((await load({})).asar).toBe(true);
  });

  it('builds every target for x64 and arm64, with a zip beside the dmg for mac updates', async () => {
    const config = await load({});
    const targets = {
      linux: targetsOf(config.linux),
      win: targetsOf(config.win),
      mac: targetsOf(config.mac),
    };
    expect(
      Object.fromEntries(
        Object.entries(targets).map(([os, list]) => [os, list.map((t) => (t as { target: string }).target)]),
      ),
    ).toEqual({ linux: ['AppImage', 'deb'], win: ['nsis'], mac: ['dmg', 'zip'] });
    for (const [os, list] of Object.entries(targets)) {
      for (const entry of list) {
        expect(typeof entry === 'object' && entry.arch, `${os} ${JSON.stringify(entry)}`).toEqual(['x64', 'arm64']);
      }
    }
  });

  it('points each OS at the checked-in icons', async () => {
    const config = await load({});
    const icons = [config.linux?.icon, config.win?.icon, config.mac?.icon];
    expect(icons).toEqual(['build/icons', 'build/icon.ico', 'build/icon.icns']);
    for (const icon of icons) expect(existsSync(path.join(desktopDir, String(icon))), String(icon)).toBe(true);
    expect(config.directories?.buildResources).toBe('build');
  });

  it('names a real maintainer for the deb', async () => {
    const { linux } = await load({});
    expect(linux?.maintainer).toMatch(/^[A-Z][\w ]+ <[\w.+-]+@[\w-]+(\.[\w-]+)+>$/);
    expect(linux?.maintainer).not.toMatch(/\.(invalid|example|test|localhost)>$/);
  });

  it('publishes to the generic server named by MENTORA_UPDATE_URL, and not at all without it', async () => {
    const withUrl = await load({ [UPDATE_URL_VARIABLE]: 'https://updates.example.com/mentora' });
    expect(withUrl.publish).toEqual({ provider: 'generic', url: `\${env.${UPDATE_URL_VARIABLE}}` });
    // electron-builder expands the macro from the environment when it writes app-update.yml ...
    const previous = process.env[UPDATE_URL_VARIABLE];
    try {
      process.env[UPDATE_URL_VARIABLE] = 'https://updates.example.com/mentora';
      expect(expandMacro(String((withUrl.publish as { url: string }).url), null, {})).toBe(
        'https://updates.example.com/mentora',
      );
      // ... and stops when it is unset, which is why dist.mjs turns publish off instead.
      delete process.env[UPDATE_URL_VARIABLE];
      expect(() => expandMacro(String((withUrl.publish as { url: string }).url), null, {})).toThrow(/not defined/);
    } finally {
      if (previous === undefined) delete process.env[UPDATE_URL_VARIABLE];
      else process.env[UPDATE_URL_VARIABLE] = previous;
    }
    expect((await load({})).publish).toBeNull();
    expect((await load({ [UPDATE_URL_VARIABLE]: '   ' })).publish).toBeNull();
  });

  it('accepts an https update URL (http only on this computer) and nothing else', () => {
    expect(updateUrlFrom({})).toBeNull();
    expect(updateUrlFrom({ [UPDATE_URL_VARIABLE]: 'https://updates.example.com/mentora/' })).toBe(
      'https://updates.example.com/mentora/',
    );
    expect(updateUrlFrom({ [UPDATE_URL_VARIABLE]: 'http://localhost:8080' })).toBe('http://localhost:8080');
    expect(() => updateUrlFrom({ [UPDATE_URL_VARIABLE]: 'http://updates.example.com' })).toThrow(/https/);
    expect(() => updateUrlFrom({ [UPDATE_URL_VARIABLE]: 'file:///tmp/x' })).toThrow(/https/);
    expect(() => updateUrlFrom({ [UPDATE_URL_VARIABLE]: 'not a url' })).toThrow(/not a URL/);
    expect(() => updateUrlFrom({ [UPDATE_URL_VARIABLE]: 'https://user:pw@updates.example.com' })).toThrow(/plain/);
  });

  it('is the file at the repository root', () => {
    expect(CONFIG_PATH).toBe(path.resolve(desktopDir, '../../electron-builder.yml'));
  });
});
