import { SoloMap } from '../../../lib/engine/solo-map.js';

/** The same operations on a SoloMap and a Map must give the same answers and the same contents. */
function agree<K, V>(solo: SoloMap<K, V>, map: Map<K, V>, keys: K[]): void {
  expect(solo.size).toBe(map.size);
  expect(solo.entries()).toEqual([...map]);
  expect(solo.values()).toEqual([...map.values()]);
  for (const key of keys) {
    expect(solo.has(key)).toBe(map.has(key));
    expect(solo.get(key)).toBe(map.get(key));
  }
}

describe('SoloMap', () => {
  it('holds one entry, replaces its value under the same key and forgets it on delete', () => {
    const solo = new SoloMap<string | number, string>();
    expect(solo.size).toBe(0);
    expect(solo.get(1)).toBeUndefined();
    expect(solo.delete(1)).toBe(false);
    solo.set(1, 'a').set(1, 'b');
    expect(solo.size).toBe(1);
    expect(solo.get(1)).toBe('b');
    expect(solo.has('1')).toBe(false); // a string id is another key than a number id
    expect(solo.delete('1')).toBe(false);
    expect(solo.delete(1)).toBe(true);
    expect(solo.size).toBe(0);
    expect(solo.has(1)).toBe(false);
  });

  it('answers as a Map does through any sequence of sets and deletes, one key or several', () => {
    const keys: Array<string | number> = [1, 2, '2', 3, 'x'];
    const solo = new SoloMap<string | number, number>();
    const map = new Map<string | number, number>();
    // A fixed walk through every transition: none, one, many, back to one and to none.
    const steps: Array<['set' | 'delete', string | number]> = [
      ['set', 1],
      ['set', 2],
      ['set', '2'],
      ['delete', 1],
      ['delete', 2],
      ['set', 3],
      ['delete', '2'],
      ['delete', 3],
      ['delete', 3],
      ['set', 'x'],
      ['set', 'x'],
      ['set', 1],
      ['delete', 'x'],
    ];
    steps.forEach(([op, key], i) => {
      if (op === 'set') {
        solo.set(key, i);
        map.set(key, i);
      } else {
        expect(solo.delete(key)).toBe(map.delete(key));
      }
      agree(solo, map, keys);
    });
  });

  it('compares keys as a Map does: NaN finds NaN, 0 finds -0', () => {
    const solo = new SoloMap<number, string>();
    solo.set(Number.NaN, 'nan');
    expect(solo.get(Number.NaN)).toBe('nan');
    solo.clear();
    solo.set(-0, 'zero');
    expect(solo.get(0)).toBe('zero');
  });

  it('hands out copies: entries may be deleted while they are walked', () => {
    const solo = new SoloMap<number, string>();
    solo.set(1, 'a').set(2, 'b').set(3, 'c');
    const seen: number[] = [];
    for (const [key] of solo.entries()) {
      seen.push(key);
      solo.delete(key);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(solo.size).toBe(0);
  });

  it('lets go of what a deleted or cleared entry held', () => {
    const solo = new SoloMap<number, object>();
    solo.set(1, {}).set(2, {});
    solo.clear();
    expect(solo.size).toBe(0);
    expect(solo.entries()).toEqual([]);
    solo.set(3, {});
    expect(solo.values()).toHaveLength(1);
  });
});
