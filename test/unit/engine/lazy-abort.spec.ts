import { LazyAbort } from '../../../lib/engine/lazy-abort.js';

describe('LazyAbort', () => {
  it('makes its signal on first read and keeps it', () => {
    const abort = new LazyAbort();
    expect(abort.aborted).toBe(false);
    const signal = abort.signal;
    expect(signal.aborted).toBe(false);
    expect(abort.signal).toBe(signal);
    abort.abort('gone');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('gone');
    expect(abort.aborted).toBe(true);
  });

  it('remembers an abort before the first read: the signal comes out aborted with that reason', () => {
    const abort = new LazyAbort();
    abort.abort('first');
    abort.abort('second');
    expect(abort.aborted).toBe(true);
    expect(abort.signal.aborted).toBe(true);
    expect(abort.signal.reason).toBe('first');
  });

  it('gives the AbortError of AbortController.abort() when aborted without a reason', () => {
    const abort = new LazyAbort();
    abort.abort();
    expect((abort.signal.reason as Error).name).toBe('AbortError');
  });

  it('fires the listeners of a signal read before the abort', () => {
    const abort = new LazyAbort();
    const seen: unknown[] = [];
    abort.signal.addEventListener('abort', () => seen.push(abort.signal.reason));
    abort.abort('now');
    expect(seen).toEqual(['now']);
  });
});
