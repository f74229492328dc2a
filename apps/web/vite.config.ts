import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `vite` (dev) serves the UI with hot reload and passes /api to the API server of `pnpm dev`;
// `vite build` writes dist/, which the API server serves at / in production.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own file stays cached across releases. Every other
        // library goes with the chunks that use it, so a route's libraries load only on that route
        // (one catch-all vendor chunk put every page's libraries on the landing page).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
