/* global URL */
// Builds the explorer page (plain TypeScript and CSS, no framework) into one script and one
// stylesheet; scripts/build-explorer.mjs then embeds them in lib/nest/explorer.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/explorer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: false,
    rollupOptions: {
      input: fileURLToPath(new URL('src/main.ts', import.meta.url)),
      output: {
        format: 'iife',
        entryFileNames: 'explorer.js',
        assetFileNames: 'explorer[extname]',
      },
    },
  },
});
