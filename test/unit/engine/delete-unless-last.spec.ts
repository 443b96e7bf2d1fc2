import { deleteAllUnlessOnly, deleteUnlessLast } from '../../../lib/engine/delete-unless-last.js';

describe('deleteUnlessLast', () => {
  it('deletes a key among others, leaves the only one in place, and tells an absent key', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    expect(deleteUnlessLast(map, 'a')).toBe(true);
    expect([...map.keys()]).toEqual(['b']);
    expect(deleteUnlessLast(map, 'b')).toBe('last');
    expect([...map.keys()]).toEqual(['b']);
    expect(deleteUnlessLast(map, 'x')).toBe(false);
  });
});

describe('deleteAllUnlessOnly', () => {
  it('leaves the collection as it is when the keys are all it holds', () => {
    const set = new Set([1, 2]);
    expect(deleteAllUnlessOnly(set, [2, 1])).toBe(true);
    expect([...set]).toEqual([1, 2]);
  });

  it('deletes the keys when others remain, and says whether nothing is left', () => {
    const set = new Set([1, 2, 3]);
    expect(deleteAllUnlessOnly(set, [1, 2])).toBe(false);
    expect([...set]).toEqual([3]);
    const other = new Set([1, 2]);
    expect(deleteAllUnlessOnly(other, [1, 9])).toBe(false);
    expect([...other]).toEqual([2]);
  });
});
