import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// vitest transforms with esbuild, which emits no decorator metadata, so Nest's DI cannot see
// constructor parameter types; SWC (unplugin-swc) compiles the TypeScript with decorator
// metadata instead, as Nest's docs recommend for vitest.
export default defineConfig({
  // Booting the app in a hook takes seconds on a loaded CI machine: 30 s ceilings, as the jest run.
  test: { include: ['src/**/*.vitest.ts'], root: './', testTimeout: 30_000, hookTimeout: 30_000 },
  plugins: [swc.vite({ module: { type: 'es6' } })],
});
