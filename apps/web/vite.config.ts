import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const BOOT = 'src/boot.ts';
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;

/** The modules src/boot.ts needs statically, found once the module graph is known (before chunking). */
const bootModules = new Set<string>();

/**
 * src/boot.ts is an entry of its own, loaded by a script placed before the app's: a module script of
 * index.html would be bundled into the app's entry, and run only once all of the app has downloaded.
 */
function bootScript(): Plugin {
  return {
    name: 'mentora-boot-script',
    buildEnd() {
      bootModules.clear();
      const visit = (id: string) => {
        const info = this.getModuleInfo(id);
        // A module that is also imported on demand (the schemas) keeps a chunk of its own.
        if (bootModules.has(id) || !info || info.dynamicImporters.length > 0) return;
        bootModules.add(id);
        for (const imported of info.importedIds) visit(imported);
      };
      visit(path.resolve(import.meta.dirname, BOOT));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = ctx.bundle
          ? Object.values(ctx.bundle).find(
              (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(`/${BOOT}`),
            )
          : undefined;
        if (ctx.bundle && !boot) throw new Error(`${BOOT} is missing from the build`);
        const src = boot ? `/${boot.fileName}` : `/${BOOT}`;
        const tag = `<script type="module" crossorigin src="${src}"></script>`;
        const firstModule = html.indexOf('<script type="module"');
        if (firstModule === -1) throw new Error('index.html has no module script');
        return `${html.slice(0, firstModule)}${tag}\n    ${html.slice(firstModule)}`;
      },
    },
  };
}

// `vite` (dev) serves the UI with hot reload and passes /api to the API server of `pnpm dev`;
// `vite build` writes dist/, which the API server serves at / in production.
export default defineConfig({
  plugins: [react(), tailwindcss(), bootScript()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: 'index.html', boot: BOOT },
      output: {
        codeSplitting: {
          groups: [
            // React changes less often than the app: its own file stays cached across releases. Every
            // other library goes with the chunks that use it, so a route's libraries load only on that
            // route (one catch-all vendor chunk put every page's libraries on the landing page).
            { name: 'react', test: REACT, priority: 20 },
            // The boot script's few modules, apart: it runs before the rest has arrived.
            { name: 'boot', test: (id) => bootModules.has(id), priority: 15 },
            // The rest of what the app's entry loads statically, in one file. Without this, every module
            // the entry shares with a page (which the boot script may load first) would be a file of its own.
            { name: 'app', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
