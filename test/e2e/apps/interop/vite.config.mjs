/* global process, URL */
// Bundles bridge-host.ts (the official AppBridge) into one script for the interop test page.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  logLevel: 'warn',
  build: {
    outDir: process.env.INTEROP_OUT,
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    lib: {
      entry: fileURLToPath(new URL('bridge-host.ts', import.meta.url)),
      formats: ['iife'],
      name: 'InteropHost',
      fileName: () => 'bridge-host.js',
    },
  },
});
