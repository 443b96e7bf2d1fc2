/** jest 30 + ts-jest in ESM mode; run through `node --experimental-vm-modules`. */
const transform = {
  '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
};
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform,
  testEnvironment: 'node',
  // Out of jest's module map: what the build, the packaging lane (which packs dist/ while the e2e
  // jest starts: it failed once reading a dist/cjs/package.json being rewritten), the docs build
  // and the benches write while tests run. Nothing under them is imported by a test.
  modulePathIgnorePatterns: [
    '<rootDir>/dist/',
    '<rootDir>/docs-site/',
    '<rootDir>/.tools/',
    '<rootDir>/.bench-baseline/',
  ],
};

export default {
  // e2e hooks boot real apps and spawn real clients: a ceiling for a loaded machine, not a timing
  // assert (a global option: jest ignores testTimeout inside a project).
  testTimeout: 30_000,
  // The files that take minutes first, on a fresh checkout too (jest's own order runs files it has
  // no timings for first, largest first): test/slow-first-sequencer.js.
  testSequencer: '<rootDir>/test/slow-first-sequencer.js',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
    // Run by scripts/schematics-e2e.sh inside the apps it makes with the Nest CLI (CLI_APP_DIR).
    { ...common, displayName: 'cli-apps', testMatch: ['<rootDir>/test/cli-apps/**/*.cli-spec.ts'] },
  ],
};
