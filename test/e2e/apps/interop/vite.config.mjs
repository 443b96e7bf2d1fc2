/* global process, URL */
// Bundles one browser entry of this folder (INTEROP_ENTRY: `bridge-host`, the official AppBridge;
// `official-app-view`, a view on the official App) into one script for the interop tests.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const entry = process.env.INTEROP_ENTRY ?? 'bridge-host';

export default defineConfig({
  logLevel: 'warn',
  build: {
    outDir: process.env.INTEROP_OUT,
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    lib: {
      entry: fileURLToPath(new URL(`${entry}.ts`, import.meta.url)),
      formats: ['iife'],
      name: 'InteropBundle',
      fileName: () => `${entry}.js`,
    },
  },
});
