import { jest } from '@jest/globals';
import { OnceLog } from '../../../lib/engine/once-log.js';

describe('OnceLog', () => {
  it('writes each key once', () => {
    const lines: string[] = [];
    const log = new OnceLog('refusals');
    expect(
      log.log(
        'a',
        (l) => lines.push(l),
        () => 'line a',
      ),
    ).toBe(true);
    expect(
      log.log(
        'a',
        (l) => lines.push(l),
        () => 'line a again',
      ),
    ).toBe(false);
    expect(
      log.log(
        'b',
        (l) => lines.push(l),
        () => 'line b',
      ),
    ).toBe(true);
    expect(lines).toEqual(['line a', 'line b']);
  });

  it('does not build a message it does not write', () => {
    const log = new OnceLog('refusals');
    log.log(
      'a',
      () => undefined,
      () => 'x',
    );
    const message = jest.fn(() => 'y');
    log.log('a', () => undefined, message);
    expect(message).not.toHaveBeenCalled();
  });

  it('remembers at most maxKeys keys, then says once that further ones are not logged', () => {
    const lines: string[] = [];
    const log = new OnceLog('Host/Origin refusals', 3);
    for (let i = 0; i < 10; i++)
      log.log(
        `k${i}`,
        (l) => lines.push(l),
        () => `line ${i}`,
      );
    log.log(
      'k0',
      (l) => lines.push(l),
      () => 'k0 again',
    );
    expect(lines).toEqual([
      'line 0',
      'line 1',
      'line 2',
      'Host/Origin refusals: 3 distinct values logged; further ones are not logged',
    ]);
  });
});
