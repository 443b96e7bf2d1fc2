import { getEventListeners } from 'node:events';
import { sleep } from '../../../sample/01-demo/src/demo.tools.js';

/**
 * Issue 11: the demo's `countdown` warned MaxListenersExceededWarning above 10 steps, because
 * each step's sleep left an abort listener on the request's signal.
 */
describe('sample 01-demo sleep', () => {
  it('leaves no abort listener behind after each step', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 30; i++) await sleep(0, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('still rejects with the abort reason when aborted while waiting', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});
