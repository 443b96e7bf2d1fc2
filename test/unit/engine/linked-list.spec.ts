import { LinkedList, ListNode } from '../../../lib/engine/linked-list.js';

const values = <T>(list: LinkedList<T>) => list.nodes().map((node) => node.value);

describe('LinkedList', () => {
  it('keeps nodes in the order they were pushed and removes any of them', () => {
    const list = new LinkedList<string>();
    const [a, b, c] = ['a', 'b', 'c'].map((v) => list.push(v));
    expect(values(list)).toEqual(['a', 'b', 'c']);
    expect(list.remove(b!)).toBe(true);
    expect(values(list)).toEqual(['a', 'c']);
    expect(list.remove(a!)).toBe(true);
    expect(list.first).toBe(c);
    expect(list.last).toBe(c);
    expect(list.remove(c!)).toBe(true);
    expect(list.size).toBe(0);
    expect(list.first).toBeUndefined();
    expect(list.last).toBeUndefined();
  });

  it('refuses to remove a node twice or one of another list', () => {
    const list = new LinkedList<number>();
    const other = new LinkedList<number>();
    const node = list.push(1);
    const foreign = other.push(2);
    expect(list.remove(foreign)).toBe(false);
    expect(other.size).toBe(1);
    expect(list.remove(node)).toBe(true);
    expect(list.remove(node)).toBe(false);
    expect(list.size).toBe(0);
  });

  it('moves a node to the end, from the front or the middle', () => {
    const list = new LinkedList<string>();
    const [a, b] = ['a', 'b', 'c'].map((v) => list.push(v));
    list.moveToEnd(b!);
    expect(values(list)).toEqual(['a', 'c', 'b']);
    list.moveToEnd(a!);
    expect(values(list)).toEqual(['c', 'b', 'a']);
    list.moveToEnd(a!); // last already
    expect(values(list)).toEqual(['c', 'b', 'a']);
    expect(list.size).toBe(3);
  });

  it('appends nodes of a subclass and clears every node out of the list', () => {
    class Timed extends ListNode<string> {
      constructor(
        value: string,
        readonly at: number,
      ) {
        super(value);
      }
    }
    const list = new LinkedList<string>();
    const x = new Timed('x', 1);
    list.append(x);
    list.push('y');
    expect((list.first as Timed).at).toBe(1);
    list.clear();
    expect(list.size).toBe(0);
    expect(values(list)).toEqual([]);
    expect(list.remove(x)).toBe(false); // out of the list after clear
    list.append(x); // and free to join again
    expect(values(list)).toEqual(['x']);
  });
});
