import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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
  plugins: [react(), tailwindcss(), precompressed],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Vite's own chunking (each page, and what pages share, in files of their own), with a few groups
      // named by package or by rolldown's own tag, never by what a module's code says:
      // - react: React and the router, which change less often than the app and so stay cached;
      // - charts: the one chart library, loaded only by the screens that draw (Moderation tab, insight);
      // - app: what index.html loads, in one file rather than one per module a page shares with it;
      // - shared: what pages share of the icons, TanStack Query's hooks and the UI's components/ and
      //   moderation/ (alerts, dialogs, report menus), in one file instead of a dozen or two tiny ones:
      //   a page opened cold on a phone waits a round trip per file over HTTP/1.1's few connections.
      //   None of them builds zod schemas, which no page loads before its first paint
      //   (e2e/tests/boot.spec.ts checks that).
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            {
              name: 'charts',
              test: /[\\/]node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|@reduxjs|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store|eventemitter3|tiny-invariant|es-toolkit)[\\/]/,
              priority: 10,
            },
            { name: 'app', tags: ['$initial'], priority: 8 },
            {
              name: 'shared',
              test: /[\\/]node_modules[\\/](lucide-react|@tanstack)[\\/]|[\\/]packages[\\/]ui[\\/]src[\\/](components|moderation)[\\/]/,
              minShareCount: 2,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
