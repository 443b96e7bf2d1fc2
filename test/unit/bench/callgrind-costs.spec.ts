import {
  PerfMap,
  costDifferences,
  costsByKind,
  eventIndex,
  readSelfCosts,
  selfCostOf,
} from '../../../bench/callgrind-costs.js';
import { readRuntimeLiterals } from '../../../bench/callgrind-server.js';

/** A callgrind output in its compressed form: names by id, relative positions, calls. */
const WINDOW = [
  '# callgrind format',
  'version: 1',
  'pid: 42',
  'positions: line',
  'events: Ir',
  'summary: 0',
  '',
  'ob=(1) /usr/bin/node',
  'fl=(1) ???',
  'fn=(1) Builtins_LoadIC',
  '0 100',
  '+1 20',
  'fn=(2) 0x00001010',
  '0 7',
  'cfn=(1)',
  'calls=3 0',
  '0 120',
  '* 3',
  'fn=(3) v8::internal::Scavenger::ScavengePage(v8::internal::MemoryChunk*)',
  '0 50',
  'fn=(2)',
  '-2 10',
  'fn=(4) 0x00002000',
  '0 4',
  'totals: 194',
].join('\n');

const MAP = [
  '1000 40 JS:~old file:///x/dist/lib/a.js:1:1',
  '1000 40 JS:*handle file:///x/dist/lib/a.js:1:1',
  '3000 10 JS:^other node:events:1:1',
].join('\n');

describe('callgrind self costs', () => {
  it('charges cost lines to their function, not the inclusive cost of a call', () => {
    const costs = readSelfCosts(WINDOW);
    expect(costs.get('Builtins_LoadIC')).toBe(120);
    // 7 + 3 + 10: the 120 after `calls=` is the callee's, and `fn=(2)` later adds to it.
    expect(costs.get('0x00001010')).toBe(20);
    expect([...costs.values()].reduce((a, b) => a + b, 0)).toBe(194);
  });

  it('reads another event by name, a count left off a cost line being zero', () => {
    const cached = [
      'events: Ir ILmr DLmw',
      'fn=(1) Builtins_LoadIC',
      '0 100 2 7',
      '+1 20',
      'fn=(2) JS:*handle',
      '0 9 1',
      'cfn=(1)',
      'calls=1 0',
      '0 120 2 7',
      'totals: 129 3 7',
    ].join('\n');
    expect(eventIndex(cached, 'DLmw')).toBe(2);
    const misses = readSelfCosts(cached, undefined, eventIndex(cached, 'ILmr'));
    expect(misses.get('Builtins_LoadIC')).toBe(2);
    expect(misses.get('JS:*handle')).toBe(1);
    expect(readSelfCosts(cached, undefined, 2).get('JS:*handle')).toBeUndefined();
    expect(() => eventIndex(WINDOW, 'DLmw')).toThrow('no event DLmw in this file (it has: Ir)');
  });

  it('names JIT frames from the perf map, the last entry at an address winning', () => {
    const map = new PerfMap(MAP);
    expect(map.nameAt(0x1010n)).toBe('JS:*handle file:///x/dist/lib/a.js:1:1');
    expect(map.nameAt(0x1040n)).toBeUndefined();
    expect(map.nameAt(0x2000n)).toBeUndefined();
    const costs = readSelfCosts(WINDOW, map);
    expect(costs.get('JS:*handle file:///x/dist/lib/a.js:1:1')).toBe(20);
    expect(costs.get('0x00002000')).toBe(4);
  });

  it('sums by kind, with the total without the GC', () => {
    const kinds = costsByKind(readSelfCosts(WINDOW, new PerfMap(MAP)));
    expect(kinds.get('ic-builtins')).toBe(120);
    expect(kinds.get('gc')).toBe(50);
    expect(kinds.get('ours')).toBe(20);
    expect(kinds.get('total')).toBe(194);
    expect(kinds.get('total-without-gc')).toBe(144);
  });

  it('lists the largest differences first, either way', () => {
    const a = new Map([
      ['f', 10],
      ['g', 100],
    ]);
    const b = new Map([
      ['f', 40],
      ['h', 5],
    ]);
    expect(costDifferences(a, b).map((row) => [row.name, row.delta])).toEqual([
      ['g', -100],
      ['f', 30],
      ['h', 5],
    ]);
  });

  it("sums the self cost of the functions a pattern names, as the bench's tick-mode check reads it", () => {
    const costs = readSelfCosts(WINDOW);
    expect(selfCostOf(costs, /Builtins_LoadIC/)).toBe(120);
    expect(selfCostOf(costs, /^0x/)).toBe(24); // both JIT frames (20 + 4), unnamed without a map
    expect(selfCostOf(costs, /nothing/)).toBe(0);
    const literals = WINDOW.replace(
      'fn=(1) Builtins_LoadIC',
      'fn=(1) v8::internal::Runtime_DefineKeyedOwnPropertyInLiteral(int, unsigned long*, v8::internal::Isolate*)',
    );
    expect(readRuntimeLiterals(literals)).toBe(120);
    expect(readRuntimeLiterals(WINDOW)).toBe(0);
  });
});
