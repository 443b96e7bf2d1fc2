import { RequestCancelledError } from '../../../lib/errors/request-cancelled.error.js';
import { RequestTimeoutError } from '../../../lib/errors/request-timeout.error.js';
import type { OutgoingRequestOptions } from '../../../lib/engine/json-rpc-peer.interface.js';
import { OutgoingRequest } from '../../../lib/engine/outgoing-request.js';

const jestApi = import.meta.jest;

function make(options: OutgoingRequestOptions = {}, timeoutMs = 1000) {
  const resolve = jestApi.fn();
  const reject = jestApi.fn();
  const abandon = jestApi.fn();
  const request = new OutgoingRequest(
    7,
    'roots/list',
    options,
    timeoutMs,
    resolve,
    reject,
    abandon,
  );
  return { request, resolve, reject, abandon };
}

describe('OutgoingRequest', () => {
  beforeEach(() => {
    jestApi.useFakeTimers();
  });
  afterEach(() => {
    jestApi.useRealTimers();
  });

  it('resolves once on succeed and ignores later settlements', () => {
    const { request, resolve, reject, abandon } = make();
    request.succeed({ roots: [] });
    request.succeed({ again: true });
    request.fail(new Error('late'));
    jestApi.advanceTimersByTime(5000);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith({ roots: [] });
    expect(reject).not.toHaveBeenCalled();
    expect(abandon).not.toHaveBeenCalled();
    expect(request.settled).toBe(true);
  });

  it('rejects once on fail without abandoning (the peer already answered)', () => {
    const { request, reject, abandon } = make();
    const error = new Error('peer error');
    request.fail(error);
    jestApi.advanceTimersByTime(5000);
    expect(reject).toHaveBeenCalledTimes(1);
    expect(reject).toHaveBeenCalledWith(error);
    expect(abandon).not.toHaveBeenCalled();
  });

  it('times out: abandons (so a cancel is sent) then rejects with RequestTimeoutError', () => {
    const { reject, abandon } = make({}, 250);
    jestApi.advanceTimersByTime(249);
    expect(reject).not.toHaveBeenCalled();
    jestApi.advanceTimersByTime(1);
    expect(abandon).toHaveBeenCalledTimes(1);
    const reason = abandon.mock.calls[0][0] as RequestTimeoutError;
    expect(reason).toBeInstanceOf(RequestTimeoutError);
    expect(reason.message).toBe('Request roots/list (id 7) timed out after 250 ms');
    expect(reject).toHaveBeenCalledWith(reason);
    expect(abandon.mock.invocationCallOrder[0]).toBeLessThan(reject.mock.invocationCallOrder[0]);
  });

  it('never times out with an infinite timeout', () => {
    const { reject } = make({}, Number.POSITIVE_INFINITY);
    jestApi.advanceTimersByTime(24 * 3600_000);
    expect(reject).not.toHaveBeenCalled();
  });

  it('an already aborted signal rejects at once without abandoning (nothing was sent)', () => {
    const { request, reject, abandon } = make({ signal: AbortSignal.abort('nope') });
    expect(request.settled).toBe(true);
    const error = reject.mock.calls[0][0] as RequestCancelledError;
    expect(error).toBeInstanceOf(RequestCancelledError);
    expect(error.reason).toBe('nope');
    expect(error.message).toBe('Request roots/list (id 7) was cancelled: nope');
    expect(abandon).not.toHaveBeenCalled();
  });

  it('a signal aborted later abandons and rejects with RequestCancelledError', () => {
    const controller = new AbortController();
    const { reject, abandon } = make({ signal: controller.signal });
    controller.abort('user');
    expect(abandon).toHaveBeenCalledWith(expect.any(RequestCancelledError));
    expect(reject).toHaveBeenCalledWith(expect.objectContaining({ reason: 'user', requestId: 7 }));
    jestApi.advanceTimersByTime(5000);
    expect(reject).toHaveBeenCalledTimes(1); // the timer was cleared
  });

  it('stops listening to the signal once settled', () => {
    const controller = new AbortController();
    const { request, reject, abandon } = make({ signal: controller.signal });
    request.succeed({});
    controller.abort();
    expect(abandon).not.toHaveBeenCalled();
    expect(reject).not.toHaveBeenCalled();
  });

  it('cancel() abandons and rejects with RequestCancelledError carrying the reason', () => {
    const { request, reject, abandon } = make();
    request.cancel('caller changed its mind');
    const error = reject.mock.calls[0][0] as RequestCancelledError;
    expect(error).toBeInstanceOf(RequestCancelledError);
    expect(error.reason).toBe('caller changed its mind');
    expect(abandon).toHaveBeenCalledWith(error);
    request.cancel('again');
    expect(reject).toHaveBeenCalledTimes(1);
  });

  describe('progress', () => {
    it('passes progress, total and message to onProgress', () => {
      const onProgress = jestApi.fn();
      const { request } = make({ onProgress });
      request.progress({ progress: 0.5, total: 1, message: 'half' });
      expect(onProgress).toHaveBeenCalledWith({ progress: 0.5, total: 1, message: 'half' });
    });

    it('ignores progress after settlement', () => {
      const onProgress = jestApi.fn();
      const { request } = make({ onProgress });
      request.succeed({});
      request.progress({ progress: 1 });
      expect(onProgress).not.toHaveBeenCalled();
    });

    it('swallows a throwing onProgress', () => {
      const { request } = make({
        onProgress: () => {
          throw new Error('bug');
        },
      });
      expect(() => request.progress({ progress: 1 })).not.toThrow();
    });

    it('re-arms the timeout on progress only with resetTimeoutOnProgress', () => {
      const plain = make({}, 100);
      const resetting = make({ resetTimeoutOnProgress: true }, 100);
      jestApi.advanceTimersByTime(80);
      plain.request.progress({ progress: 1 });
      resetting.request.progress({ progress: 1 });
      jestApi.advanceTimersByTime(20);
      expect(plain.reject).toHaveBeenCalledWith(expect.any(RequestTimeoutError));
      expect(resetting.reject).not.toHaveBeenCalled();
      jestApi.advanceTimersByTime(80);
      expect(resetting.reject).toHaveBeenCalledWith(expect.any(RequestTimeoutError));
    });

    it('caps the re-armed timeout at maxTotalTimeoutMs from the start', () => {
      const { request, reject } = make(
        { resetTimeoutOnProgress: true, maxTotalTimeoutMs: 150 },
        100,
      );
      jestApi.advanceTimersByTime(90);
      request.progress({ progress: 1 }); // 60 ms left of the total budget
      jestApi.advanceTimersByTime(59);
      expect(reject).not.toHaveBeenCalled();
      jestApi.advanceTimersByTime(1);
      expect(reject).toHaveBeenCalledWith(expect.any(RequestTimeoutError));
    });

    it('times out at once when progress arrives after the total budget is spent', () => {
      const { request, reject } = make(
        { resetTimeoutOnProgress: true, maxTotalTimeoutMs: 50 },
        100,
      );
      jestApi.advanceTimersByTime(60);
      request.progress({ progress: 1 });
      jestApi.advanceTimersByTime(0);
      expect(reject).toHaveBeenCalledWith(expect.any(RequestTimeoutError));
    });
  });
});
