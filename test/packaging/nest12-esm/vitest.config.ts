import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// vitest transforms with esbuild, which emits no decorator metadata, so Nest's DI cannot see
// constructor parameter types; SWC (unplugin-swc) compiles the TypeScript with decorator
// metadata instead, as Nest's docs recommend for vitest.
export default defineConfig({
  test: { include: ['src/**/*.vitest.ts'], root: './' },
  plugins: [swc.vite({ module: { type: 'es6' } })],
});
