import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  literalAccessorsOf,
  readLiteralAccessors,
} from '../../support/architecture/literal-accessors.js';

const LIB = join(dirname(fileURLToPath(import.meta.url)), '../../../lib');

describe('object literals in lib', () => {
  // A getter written in a literal built per request (`{ ..., get signal() { ... } }`) made every
  // request's objects survive young collections: 20 % of what a 2026-07-28 call allocated was
  // promoted, and scavenges took 4-7 ms instead of under 1 (`node --trace-gc-nvp`).
  it('define no getter or setter (a class keeps it on the prototype)', () => {
    expect(readLiteralAccessors(LIB)).toEqual([]);
  });

  describe('the checker itself', () => {
    it('finds a getter and a setter written in a literal', () => {
      const text = 'const a = { x: 1, get signal() { return s; }, set v(n) { s = n; } };';
      expect(literalAccessorsOf('x.ts', text)).toEqual([
        { where: 'x.ts:1', accessor: 'get signal' },
        { where: 'x.ts:1', accessor: 'set v' },
      ]);
    });

    it('leaves class accessors, methods and arrow-valued properties alone', () => {
      const text = [
        'class A { get signal() { return 1; } set v(n: number) {} }',
        'const b = { notify() {}, run: () => 1, signal: undefined };',
      ].join('\n');
      expect(literalAccessorsOf('x.ts', text)).toEqual([]);
    });
  });
});
