import { defineConfig } from 'vitest/config';

// Main-process modules (with a fake of the Electron APIs they use, test/fakeElectron.ts), the shared
// bridge rules and the renderer's desktop Platform: none needs Electron itself or a DOM. scripts/ holds
// the packaging checks (icons, electron-builder.yml against electron-builder's own schema).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
  },
});
