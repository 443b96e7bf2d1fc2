import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findUniqueSymbols } from '../../support/architecture/dual-package-rules.js';
import { sourceFiles } from '../../support/architecture/import-graph.js';

const LIB = join(dirname(fileURLToPath(import.meta.url)), '../../../lib');

describe('dual package (CommonJS and ESM copies in one process)', () => {
  it('lib/ makes no copy-unique Symbol(): tokens and keys are strings or Symbol.for', () => {
    const files = sourceFiles(LIB);
    expect(files.length).toBeGreaterThan(100); // the walk really read lib/
    const hazards = files.flatMap((file) =>
      findUniqueSymbols(relative(LIB, file), readFileSync(file, 'utf8')),
    );
    expect(hazards).toEqual([]);
  });

  describe('the checker itself', () => {
    it.each([
      ["export const TOKEN = Symbol('nestjs-mcp:Token');", 1],
      ["const a = 1;\nconst KEY = Symbol ('key');", 2],
      ['const anonymous = Symbol();', 1],
    ])('finds the unique symbol in %j', (text, line) => {
      expect(findUniqueSymbols('x.ts', text)).toEqual([{ file: 'x.ts', line }]);
    });

    it.each([
      "export const TOKEN = Symbol.for('nestjs-mcp:Token');",
      'for (const x of value[Symbol.asyncIterator]()) {}',
      "const key = 'mcp:tool';",
      'const isSymbol = MySymbol(1);',
    ])('accepts %j', (text) => {
      expect(findUniqueSymbols('x.ts', text)).toEqual([]);
    });
  });
});
