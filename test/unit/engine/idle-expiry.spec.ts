import { jest } from '@jest/globals';
import { IdleExpiry, IdleList, IdleNode } from '../../../lib/engine/idle-expiry.js';

describe('IdleExpiry', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function watch(idleMs = 1000) {
    const expired: string[] = [];
    const expiry = new IdleExpiry<string>(idleMs, (key) => expired.push(key));
    return { expiry, expired };
  }

  it('expires a key idle for the whole timeout, not before', () => {
    const { expiry, expired } = watch();
    expiry.touch('a');
    jest.advanceTimersByTime(999);
    expect(expired).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(expired).toEqual(['a']);
    expect(expiry.size).toBe(0);
  });

  it('restarts the idle period on touch', () => {
    const { expiry, expired } = watch();
    expiry.touch('a');
    jest.advanceTimersByTime(600);
    expiry.touch('a');
    jest.advanceTimersByTime(600);
    expect(expired).toEqual([]);
    jest.advanceTimersByTime(400);
    expect(expired).toEqual(['a']);
  });

  it('expires each key at its own deadline with one timer for all', () => {
    const { expiry, expired } = watch();
    expiry.touch('a');
    jest.advanceTimersByTime(300);
    expiry.touch('b');
    jest.advanceTimersByTime(300);
    expiry.touch('c');
    expiry.touch('a'); // a now expires last
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(700);
    expect(expired).toEqual(['b']);
    jest.advanceTimersByTime(300);
    expect(expired).toEqual(['b', 'c', 'a']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps the order of last touch through touches and deletes in the middle', () => {
    const { expiry, expired } = watch();
    for (const key of ['a', 'b', 'c', 'd']) {
      expiry.touch(key);
      jest.advanceTimersByTime(100);
    }
    // t = 400: b (touched at 100) moves to the end, c (200) goes; order a, d, b.
    expiry.touch('b');
    expiry.delete('c');
    expect(expiry.size).toBe(3);
    jest.advanceTimersByTime(600); // t = 1000: a's deadline
    expect(expired).toEqual(['a']);
    jest.advanceTimersByTime(300); // t = 1300: d's (touched at 300)
    expect(expired).toEqual(['a', 'd']);
    jest.advanceTimersByTime(99);
    expect(expired).toEqual(['a', 'd']);
    jest.advanceTimersByTime(1); // t = 1400: b's
    expect(expired).toEqual(['a', 'd', 'b']);
    expect(expiry.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    expiry.touch('c'); // a key can come back after it went
    jest.advanceTimersByTime(1000);
    expect(expired).toEqual(['a', 'd', 'b', 'c']);
  });

  it('never expires a deleted key; its timer stays armed for the next key, then goes', () => {
    const { expiry, expired } = watch();
    expiry.touch('a');
    expiry.touch('b');
    expiry.delete('a');
    expiry.delete('b');
    // Kept: a key opened and deleted over and over arms no new timer each time.
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(500);
    expiry.touch('c');
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(500); // the first deadline: nothing idle long enough, re-armed for c
    expect(expired).toEqual([]);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(500);
    expect(expired).toEqual(['c']);
    expiry.touch('d');
    expiry.delete('d');
    jest.advanceTimersByTime(1000); // fires for nothing, and no timer is left
    expect(expired).toEqual(['c']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('lets the expire callback delete keys (a session closing as it expires)', () => {
    const expired: string[] = [];
    const expiry: IdleExpiry<string> = new IdleExpiry(100, (key) => {
      expired.push(key);
      expiry.delete(key);
    });
    expiry.touch('a');
    expiry.touch('b');
    jest.advanceTimersByTime(100);
    expect(expired).toEqual(['a', 'b']);
    expiry.touch('c');
    jest.advanceTimersByTime(100);
    expect(expired).toEqual(['a', 'b', 'c']);
  });

  it('clear forgets every key and the timer', () => {
    const { expiry, expired } = watch();
    expiry.touch('a');
    expiry.clear();
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(5000);
    expect(expired).toEqual([]);
  });

  it('watches a key again that an earlier expiry of the same sweep touched', () => {
    const expired: string[] = [];
    const expiry: IdleExpiry<string> = new IdleExpiry(100, (key) => {
      expired.push(key);
      if (key === 'a') expiry.touch('b'); // b expired in the same sweep: watched anew
    });
    expiry.touch('a');
    expiry.touch('b');
    jest.advanceTimersByTime(100);
    expect(expired).toEqual(['a', 'b']);
    expect(expiry.size).toBe(1);
    jest.advanceTimersByTime(100);
    expect(expired).toEqual(['a', 'b', 'b']);
    expect(expiry.size).toBe(0);
  });
});

describe('IdleList', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('expires the nodes its caller keeps, in the order of their last touch', () => {
    const expired: string[] = [];
    const list = new IdleList<string>(1000, (value) => expired.push(value));
    const a = new IdleNode('a');
    const b = new IdleNode('b');
    list.touch(a);
    jest.advanceTimersByTime(400);
    list.touch(b);
    jest.advanceTimersByTime(200);
    list.touch(a); // a now expires last
    expect(a.touched).toBe(Date.now());
    expect(list.size).toBe(2);
    jest.advanceTimersByTime(799);
    expect(expired).toEqual([]);
    jest.advanceTimersByTime(1); // b's deadline (touched 1000 ms ago)
    expect(expired).toEqual(['b']);
    list.delete(a);
    jest.advanceTimersByTime(1000);
    expect(expired).toEqual(['b']);
    expect(list.size).toBe(0);
    list.touch(b); // a node can be watched again after it expired
    jest.advanceTimersByTime(1000);
    expect(expired).toEqual(['b', 'b']);
  });
});
