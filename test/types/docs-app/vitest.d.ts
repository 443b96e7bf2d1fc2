// The repository tests with jest and has no vitest: a page's vitest spec (the Nest 12 CLI's test
// runner) is compiled here against jest's declarations of the same functions. The real vitest
// compiles it in the app the Nest 12 CLI makes (test/cli-apps/doc-blocks.cli-spec.ts).
export { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
