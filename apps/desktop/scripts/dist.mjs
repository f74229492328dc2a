// Packages the built app (out/) with electron-builder: `node scripts/dist.mjs --linux|--win|--mac`, run by
// `pnpm --filter @mentora/desktop dist:linux` (and dist:win, dist:mac) after `electron-vite build`.
// Targets and architectures (x64 and arm64) come from electron-builder.yml; auto-update is on when
// MENTORA_UPDATE_URL is set (scripts/builderConfig.mjs). Nothing is uploaded: copy dist/ to that URL.
import path from 'node:path';
import builder from 'electron-builder';
import { builderConfig, UPDATE_URL_VARIABLE, updateUrlFrom } from './builderConfig.mjs';

const PLATFORMS = { '--linux': 'linux', '--win': 'win', '--mac': 'mac' };
const platform = PLATFORMS[process.argv[2] ?? ''];
if (!platform || process.argv.length > 3) {
  console.error('Usage: node scripts/dist.mjs --linux|--win|--mac');
  process.exit(2);
}

const updateUrl = updateUrlFrom(process.env);
console.log(
  updateUrl
    ? `Auto-update on: the app will look for updates at ${updateUrl}`
    : `Auto-update off (${UPDATE_URL_VARIABLE} is not set)`,
);
await builder.build({
  projectDir: path.resolve(import.meta.dirname, '..'),
  [platform]: [],
  config: builderConfig(process.env),
  publish: 'never',
});
