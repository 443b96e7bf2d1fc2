import { ensureBuiltDeclarations, runTsc } from '../support/built-declarations.js';

/**
 * The public API compiled from a consumer project (test/types/consumer: strict,
 * exactOptionalPropertyTypes, `import ... from 'nestjs-mcp'` resolved to dist/lib/index.d.ts).
 * The *.types.ts files hold `expectTypeOf` assertions and `@ts-expect-error` lines.
 */
describe('public API types from a consumer project', () => {
  beforeAll(() => ensureBuiltDeclarations(), 180_000);

  it('compiles test/types/consumer with no errors', () => {
    const result = runTsc(['-p', 'test/types/consumer/tsconfig.json', '--noEmit']);
    expect(result).toEqual({ status: 0, output: '' });
  }, 180_000);
});
