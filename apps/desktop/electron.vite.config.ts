import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// `electron-vite build` writes out/main (ESM, this package is "type": "module"), out/preload (CommonJS:
// a sandboxed preload cannot be an ES module) and out/renderer (the UI, served at app://mentora/).
// `electron-vite dev` serves the renderer with hot reload and starts Electron on it.
export default defineConfig({
  main: {
    build: {
      // electron-store (ESM only), electron-updater and their dependencies go into the bundle: the
      // packaged app then needs no node_modules at all.
      externalizeDeps: { exclude: ['electron-store', 'electron-updater'] },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    plugins: [react(), tailwindcss()],
    build: {
      // electron-vite leaves the renderer unminified by default; the UI loads faster minified.
      minify: true,
    },
  },
});
