import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { BOOT, chunking } from './chunks';

/**
 * src/boot.ts is an entry of its own, loaded by a script placed before the app's: a module script of
 * index.html would be bundled into the app's entry, and run only once all of the app has downloaded.
 */
function bootScript(): Plugin {
  return {
    name: 'mentora-boot-script',
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

const chunks = chunking();

/**
 * Each text asset written beside itself brotli- and gzip-compressed at the strongest settings, once per
 * build, for the server to send as they are (apps/server/src/http/webApp.ts): brotli's best is clearly
 * smaller than gzip's on the app's JavaScript and CSS, and too slow to run per request. index.html is
 * left out: the server sends it with headers of its own, compressed as it goes.
 */
const precompressed = compression({
  include: /(?:^|\/)assets\/.*\.(?:js|mjs|css|svg|json|txt|map)$/,
  algorithms: [
    defineAlgorithm('brotliCompress', {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11 },
    }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
});

// `vite` (dev) serves the UI with hot reload and passes /api to the API server of `pnpm dev`;
// `vite build` writes dist/, which the API server serves at / in production.
export default defineConfig({
  plugins: [react(), tailwindcss(), bootScript(), chunks.plugin, precompressed],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: 'index.html', boot: BOOT },
      // What goes in which file: chunks.ts.
      output: { codeSplitting: { groups: chunks.groups } },
    },
  },
});
