// Bundles the server into dist/main.js (and the CLI), keeping npm dependencies external and bundling
// the workspace's own TypeScript packages (@mentora/*), which Node cannot run as source.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mentora/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'admin-create': 'src/cli/admin-create.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    demo: 'src/demo/main.ts',
    // Loaded by path from the worker threads of src/auth/passwords.ts, next to the entry that starts them.
    passwordWorker: 'src/auth/passwordWorker.js',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
