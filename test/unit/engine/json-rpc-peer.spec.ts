import { ConnectionClosedError } from '../../../lib/errors/connection-closed.error.js';
import { RequestCancelledError } from '../../../lib/errors/request-cancelled.error.js';
import { RequestTimeoutError } from '../../../lib/errors/request-timeout.error.js';
import { JsonRpcPeer } from '../../../lib/engine/json-rpc-peer.js';
import type { InboundRequest } from '../../../lib/engine/json-rpc-peer.interface.js';
import type {
  JsonRpcErrorResponse,
  JsonRpcMessage,
  JsonRpcRequest,
} from '../../../lib/protocol/json-rpc.js';
import { McpError } from '../../../lib/errors/mcp.error.js';
import { deferred, flush, peerPair, type Sent, type WireExtra } from './peer-pair.js';

const jestApi = import.meta.jest;

const methods = (sent: Sent[]) =>
  sent.map((s) => ('method' in s.message ? s.message.method : 'response'));
const responses = (sent: Sent[]) => sent.filter((s) => !('method' in s.message));

/** Catches the rejection of a promise (fails when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected the promise to reject');
}

describe('JsonRpcPeer', () => {
  afterEach(() => {
    jestApi.useRealTimers();
  });

  describe('request/response correlation', () => {
    it('resolves with the result the other side returned, passing the params and extra', async () => {
      const onRequest = jestApi.fn((request: JsonRpcRequest, _in: InboundRequest<WireExtra>) => ({
        echoed: request.params,
      }));
      const { a, sentByA, sentByB } = peerPair({}, { onRequest });

      await expect(a.request('echo', { x: 1 })).resolves.toEqual({ echoed: { x: 1 } });
      expect(onRequest).toHaveBeenCalledTimes(1);
      expect(onRequest.mock.calls[0][1].extra).toEqual({ from: 'a' });
      expect(sentByA[0].message).toEqual({
        jsonrpc: '2.0',
        id: 1,
        method: 'echo',
        params: { x: 1 },
      });
      expect(sentByB[0].message).toEqual({ jsonrpc: '2.0', id: 1, result: { echoed: { x: 1 } } });
    });

    it('omits params when none are given', async () => {
      const { a, sentByA } = peerPair({}, { onRequest: () => ({}) });
      await a.request('ping');
      expect(sentByA[0].message).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
    });

    it('matches concurrent answers to their requests when they arrive out of order', async () => {
      const gates = [deferred(), deferred(), deferred()];
      const { a } = peerPair(
        {},
        {
          onRequest: async (request) => {
            const n = request.params!.n as number;
            await gates[n].promise;
            return { n };
          },
        },
      );
      const calls = [0, 1, 2].map((n) => a.request('work', { n }));
      expect(a.pendingCount).toBe(3);
      gates[2].resolve();
      gates[0].resolve();
      gates[1].resolve();
      await expect(Promise.all(calls)).resolves.toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
      expect(a.pendingCount).toBe(0);
    });

    it('uses a fresh id for every request', async () => {
      const { a, sentByA } = peerPair({}, { onRequest: () => ({}) });
      await Promise.all([a.request('x'), a.request('x'), a.request('x')]);
      const ids = sentByA.map((s) => (s.message as JsonRpcRequest).id);
      expect(new Set(ids).size).toBe(3);
    });

    it('works in both directions on the same pair', async () => {
      const { a, b } = peerPair(
        { onRequest: () => ({ side: 'a' }) },
        { onRequest: () => ({ side: 'b' }) },
      );
      await expect(a.request('who')).resolves.toEqual({ side: 'b' });
      await expect(b.request('who')).resolves.toEqual({ side: 'a' });
    });
  });

  describe('handler errors', () => {
    it('answers a thrown McpError with that exact code, message and data', async () => {
      const { a, sentByB } = peerPair(
        {},
        {
          onRequest: () => {
            throw new McpError(-32002, 'Resource not found', { uri: 'file:///x' });
          },
        },
      );
      const error = await rejectionOf(a.request('resources/read'));
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).toJson()).toEqual({
        code: -32002,
        message: 'Resource not found',
        data: { uri: 'file:///x' },
      });
      expect((sentByB[0].message as JsonRpcErrorResponse).error).toEqual({
        code: -32002,
        message: 'Resource not found',
        data: { uri: 'file:///x' },
      });
    });

    it('answers any other throw with -32603 without leaking the message or stack', async () => {
      const onError = jestApi.fn();
      const secret = new Error('db password is hunter2');
      const { a, sentByB } = peerPair(
        {},
        {
          onError,
          onRequest: async () => {
            throw secret;
          },
        },
      );
      const error = await rejectionOf(a.request('tools/call'));
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(-32603);

      const wire = JSON.stringify(sentByB[0].message);
      expect(sentByB[0].message).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: 'Internal error' },
      });
      expect(wire).not.toContain('hunter2');
      expect(wire).not.toContain('at ');
      // the crash is reported locally instead
      expect(onError).toHaveBeenCalledWith(secret, { method: 'tools/call', id: 1 });
    });

    it('treats a thrown non-Error value the same way', async () => {
      const { a, sentByB } = peerPair(
        {},
        {
          onRequest: () => {
            throw 'plain string';
          },
        },
      );
      await expect(a.request('x')).rejects.toMatchObject({ code: -32603 });
      expect(JSON.stringify(sentByB[0].message)).not.toContain('plain string');
    });
  });

  describe('duplicate request ids', () => {
    it('answers a second request reusing an in-flight id with -32600 and still answers the first', async () => {
      const gate = deferred();
      const handled: unknown[] = [];
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message, relatedRequestId) => void sent.push({ message, relatedRequestId }),
        onRequest: async (request) => {
          handled.push(request.params);
          await gate.promise;
          return { done: true };
        },
      });
      peer.receive({ jsonrpc: '2.0', id: 7, method: 'slow', params: { n: 1 } }, undefined);
      peer.receive({ jsonrpc: '2.0', id: 7, method: 'slow', params: { n: 2 } }, undefined);
      await flush();

      expect(handled).toEqual([{ n: 1 }]);
      expect(sent).toHaveLength(1);
      expect(sent[0].message).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32600 } });
      expect(peer.inFlightCount).toBe(1);

      gate.resolve();
      await flush();
      expect(sent[1].message).toEqual({ jsonrpc: '2.0', id: 7, result: { done: true } });
      expect(peer.inFlightCount).toBe(0);
    });

    it('accepts the id again once the first request was answered', async () => {
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: () => ({ ok: true }),
      });
      peer.receive({ jsonrpc: '2.0', id: 'r', method: 'x' }, undefined);
      await flush();
      peer.receive({ jsonrpc: '2.0', id: 'r', method: 'x' }, undefined);
      await flush();
      expect(sent.map((s) => s.message)).toEqual([
        { jsonrpc: '2.0', id: 'r', result: { ok: true } },
        { jsonrpc: '2.0', id: 'r', result: { ok: true } },
      ]);
    });
  });

  describe('incoming notifications/cancelled', () => {
    it('aborts the handler signal and sends no response', async () => {
      const started = deferred<AbortSignal>();
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: async (_request, { signal }) => {
          started.resolve(signal);
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          return { tooLate: true };
        },
      });
      peer.receive({ jsonrpc: '2.0', id: 3, method: 'tools/call' }, undefined);
      const signal = await started.promise;
      expect(signal.aborted).toBe(false);

      peer.receive(
        {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: 3, reason: 'user gave up' },
        },
        undefined,
      );
      expect(signal.aborted).toBe(true);
      expect(String((signal.reason as Error).message)).toContain('user gave up');
      await flush();
      expect(sent).toEqual([]);
      expect(peer.inFlightCount).toBe(0);
    });

    it('gives a handler that reads its signal only after the cancel an aborted one', async () => {
      const sent: Sent[] = [];
      let read: (() => AbortSignal) | undefined;
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: (_request, inbound) => {
          read = () => inbound.signal;
          return new Promise(() => undefined);
        },
      });
      peer.receive({ jsonrpc: '2.0', id: 'late', method: 'x' }, undefined);
      peer.receive(
        {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: 'late', reason: 'gone' },
        },
        undefined,
      );
      const signal = read!();
      expect(signal.aborted).toBe(true);
      expect(String((signal.reason as Error).message)).toContain('gone');
      expect(peer.inFlightCount).toBe(0);
    });

    it('suppresses the error response of a handler that throws after the cancel', async () => {
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: (_request, { signal }) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason)),
          ),
      });
      peer.receive({ jsonrpc: '2.0', id: 'c1', method: 'x' }, undefined);
      peer.receive(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } },
        undefined,
      );
      await flush();
      expect(sent).toEqual([]);
    });

    it('ignores a cancel for an unknown or finished request', async () => {
      const onNotification = jestApi.fn();
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: () => ({}),
        onNotification,
      });
      peer.receive({ jsonrpc: '2.0', id: 1, method: 'x' }, undefined);
      await flush();
      expect(() =>
        peer.receive(
          { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
          undefined,
        ),
      ).not.toThrow();
      peer.receive(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } },
        undefined,
      );
      expect(sent).toHaveLength(1);
      // cancellation is handled by the engine, not forwarded
      expect(onNotification).not.toHaveBeenCalled();
    });

    it('is what the other side sends when its caller aborts (end to end)', async () => {
      const started = deferred<AbortSignal>();
      const { a, sentByA, sentByB } = peerPair(
        {},
        {
          onRequest: async (_request, { signal }) => {
            started.resolve(signal);
            await new Promise((resolve) => signal.addEventListener('abort', resolve));
            return {};
          },
        },
      );
      const controller = new AbortController();
      const pending = a.request('slow', {}, { signal: controller.signal });
      const signal = await started.promise;
      controller.abort('stop');

      const error = await rejectionOf(pending);
      expect(error).toBeInstanceOf(RequestCancelledError);
      await flush();
      expect(signal.aborted).toBe(true);
      expect(sentByA.map((s) => s.message)).toContainEqual({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, reason: 'stop' },
      });
      expect(responses(sentByB)).toEqual([]);
    });
  });

  describe('outgoing cancellation by AbortSignal', () => {
    it('rejects with RequestCancelledError carrying method, id and reason', async () => {
      const { a } = peerPair({}, { onRequest: () => new Promise(() => undefined) });
      const controller = new AbortController();
      const pending = a.request('sampling/createMessage', {}, { signal: controller.signal });
      controller.abort('no longer needed');
      const error = (await rejectionOf(pending)) as RequestCancelledError;
      expect(error).toBeInstanceOf(RequestCancelledError);
      expect(error.method).toBe('sampling/createMessage');
      expect(error.requestId).toBe(1);
      expect(error.reason).toBe('no longer needed');
      expect(a.pendingCount).toBe(0);
    });

    it('rejects at once and sends nothing for an already aborted signal', async () => {
      const { a, sentByA } = peerPair();
      const pending = a.request('x', {}, { signal: AbortSignal.abort('early') });
      expect(await rejectionOf(pending)).toBeInstanceOf(RequestCancelledError);
      expect(sentByA).toEqual([]);
      expect(a.pendingCount).toBe(0);
    });
  });

  describe('outgoing timeouts', () => {
    beforeEach(() => {
      jestApi.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    });

    it('rejects with RequestTimeoutError and sends notifications/cancelled to the other side', async () => {
      const received: JsonRpcMessage[] = [];
      const bSignals: AbortSignal[] = [];
      const { a, b } = peerPair(
        {},
        {
          onRequest: (_request, { signal }) => {
            bSignals.push(signal);
            return new Promise(() => undefined);
          },
        },
      );
      const receive = b.receive.bind(b);
      jestApi.spyOn(b, 'receive').mockImplementation((message, extra) => {
        received.push(message);
        receive(message, extra);
      });

      const pending = a.request('elicitation/create', {}, { timeoutMs: 500 });
      const caught = rejectionOf(pending);
      await flush();
      jestApi.advanceTimersByTime(499);
      await flush();
      expect(a.pendingCount).toBe(1);
      jestApi.advanceTimersByTime(1);
      const error = (await caught) as RequestTimeoutError;

      expect(error).toBeInstanceOf(RequestTimeoutError);
      expect(error.method).toBe('elicitation/create');
      expect(error.requestId).toBe(1);
      expect(error.timeoutMs).toBe(500);
      await flush();
      expect(received.at(-1)).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, reason: 'Request timed out' },
      });
      expect(bSignals[0].aborted).toBe(true);
    });

    it('uses the peer-wide requestTimeoutMs by default', async () => {
      const { a } = peerPair(
        { requestTimeoutMs: 1000 },
        { onRequest: () => new Promise(() => undefined) },
      );
      const caught = rejectionOf(a.request('x'));
      jestApi.advanceTimersByTime(1000);
      expect(((await caught) as RequestTimeoutError).timeoutMs).toBe(1000);
    });

    it('defaults to 60 s when nothing is configured', async () => {
      const { a } = peerPair({}, { onRequest: () => new Promise(() => undefined) });
      const caught = rejectionOf(a.request('x'));
      jestApi.advanceTimersByTime(59_999);
      await flush();
      expect(a.pendingCount).toBe(1);
      jestApi.advanceTimersByTime(1);
      expect(((await caught) as RequestTimeoutError).timeoutMs).toBe(60_000);
    });

    it('ignores a late response after the timeout', async () => {
      const sent: Sent[] = [];
      const onNotification = jestApi.fn();
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: () => ({}),
        onNotification,
      });
      const caught = rejectionOf(peer.request('x', {}, { timeoutMs: 10 }));
      jestApi.advanceTimersByTime(10);
      expect(await caught).toBeInstanceOf(RequestTimeoutError);

      expect(() =>
        peer.receive({ jsonrpc: '2.0', id: 1, result: { late: true } }, undefined),
      ).not.toThrow();
      expect(() =>
        peer.receive({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'late' } }, undefined),
      ).not.toThrow();
      expect(peer.pendingCount).toBe(0);
      expect(onNotification).not.toHaveBeenCalled();

      // the conversation goes on with fresh ids
      const next = peer.request('y', {}, { timeoutMs: 10 });
      const id = (sent.at(-1)!.message as JsonRpcRequest).id;
      expect(id).not.toBe(1);
      peer.receive({ jsonrpc: '2.0', id, result: { fine: true } }, undefined);
      await expect(next).resolves.toEqual({ fine: true });
    });

    it('does not time out once the answer arrived', async () => {
      const { a, sentByA } = peerPair({}, { onRequest: () => ({ ok: 1 }) });
      await expect(a.request('x', {}, { timeoutMs: 100 })).resolves.toEqual({ ok: 1 });
      jestApi.advanceTimersByTime(1000);
      await flush();
      expect(methods(sentByA)).toEqual(['x']);
    });
  });

  describe('progress', () => {
    it('adds a progressToken to _meta and routes matching progress to onProgress', async () => {
      const onProgress = jestApi.fn();
      const onNotification = jestApi.fn();
      const { a, b, sentByA } = peerPair(
        { onNotification },
        {
          onRequest: async (request) => {
            const token = (request.params!._meta as { progressToken: number }).progressToken;
            b.notify('notifications/progress', { progressToken: token, progress: 1, total: 3 });
            b.notify('notifications/progress', {
              progressToken: token,
              progress: 2,
              total: 3,
              message: 'half',
            });
            await flush();
            return { done: true };
          },
        },
      );
      await expect(a.request('long', { p: 1 }, { onProgress })).resolves.toEqual({ done: true });

      expect((sentByA[0].message as JsonRpcRequest).params).toEqual({
        p: 1,
        _meta: { progressToken: 1 },
      });
      expect(onProgress.mock.calls).toEqual([
        [{ progress: 1, total: 3, message: undefined }],
        [{ progress: 2, total: 3, message: 'half' }],
      ]);
      expect(onNotification).not.toHaveBeenCalled();
    });

    it('with forwardRoutedProgress, also passes routed progress to onNotification', async () => {
      const onProgress = jestApi.fn();
      const onNotification = jestApi.fn();
      const { a, b } = peerPair(
        { onNotification, forwardRoutedProgress: true },
        {
          onRequest: async (request) => {
            const token = (request.params!._meta as { progressToken: number }).progressToken;
            b.notify('notifications/progress', { progressToken: token, progress: 1 });
            await flush();
            return {};
          },
        },
      );
      await a.request('long', {}, { onProgress });
      expect(onProgress).toHaveBeenCalledTimes(1);
      expect(onNotification).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'notifications/progress' }),
        { from: 'b' },
      );
    });

    it('merges options.meta with the params _meta', async () => {
      const { a, sentByA } = peerPair({}, { onRequest: () => ({}) });
      await a.request(
        'x',
        { _meta: { keep: 1 } },
        { meta: { trace: 't' }, onProgress: () => undefined },
      );
      expect((sentByA[0].message as JsonRpcRequest).params).toEqual({
        _meta: { keep: 1, trace: 't', progressToken: 1 },
      });
    });

    it('sends a caller-chosen progressToken and routes its progress to that request', async () => {
      const onProgress = jestApi.fn();
      const { a, b, sentByA } = peerPair(
        {},
        {
          onRequest: async (request) => {
            const token = (request.params!._meta as { progressToken: string }).progressToken;
            b.notify('notifications/progress', { progressToken: token, progress: 5 });
            await flush();
            return {};
          },
        },
      );
      await a.request('long', {}, { progressToken: 'mine-1', onProgress });
      expect((sentByA[0].message as JsonRpcRequest).params).toEqual({
        _meta: { progressToken: 'mine-1' },
      });
      expect(onProgress).toHaveBeenCalledWith({
        progress: 5,
        total: undefined,
        message: undefined,
      });
    });

    it('refuses a progressToken a pending request holds, and frees it once that one settles', async () => {
      const answer = deferred<Record<string, unknown>>();
      const { a, sentByA } = peerPair({}, { onRequest: () => answer.promise });
      const first = a.request('long', {}, { progressToken: 'dup' });
      const error = await rejectionOf(a.request('other', {}, { progressToken: 'dup' }));
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(
        'Progress token "dup" is in use by pending request 1 (long)',
      );
      expect(methods(sentByA)).toEqual(['long']);
      answer.resolve({});
      await first;
      await expect(a.request('again', {}, { progressToken: 'dup' })).resolves.toEqual({});
    });

    it('forwards progress for an unknown token to onNotification', () => {
      const onNotification = jestApi.fn();
      const peer = new JsonRpcPeer<string>({
        send: () => undefined,
        onRequest: () => ({}),
        onNotification,
      });
      const message = {
        jsonrpc: '2.0' as const,
        method: 'notifications/progress',
        params: { progressToken: 'foreign', progress: 1 },
      };
      peer.receive(message, 'extra');
      expect(onNotification).toHaveBeenCalledWith(message, 'extra');
    });

    it('survives a throwing onProgress callback', async () => {
      const { a, b } = peerPair(
        {},
        {
          onRequest: async (request) => {
            const token = (request.params!._meta as { progressToken: number }).progressToken;
            b.notify('notifications/progress', { progressToken: token, progress: 1 });
            await flush();
            return { ok: true };
          },
        },
      );
      const onProgress = () => {
        throw new Error('callback bug');
      };
      await expect(a.request('x', {}, { onProgress })).resolves.toEqual({ ok: true });
    });

    describe('with fake timers', () => {
      beforeEach(() => {
        jestApi.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
      });

      /** A peer whose requests go nowhere, plus a way to feed it progress for request 0. */
      function silentPeer() {
        const peer = new JsonRpcPeer<undefined>({ send: () => undefined, onRequest: () => ({}) });
        const progress = (n: number) =>
          peer.receive(
            {
              jsonrpc: '2.0',
              method: 'notifications/progress',
              params: { progressToken: 1, progress: n },
            },
            undefined,
          );
        return { peer, progress };
      }

      it('resetTimeoutOnProgress restarts the timeout whenever progress arrives', async () => {
        const { peer, progress } = silentPeer();
        let settled = false;
        const caught = rejectionOf(
          peer.request(
            'x',
            {},
            { timeoutMs: 100, resetTimeoutOnProgress: true, onProgress: () => undefined },
          ),
        ).finally(() => (settled = true));
        for (let i = 1; i <= 5; i++) {
          jestApi.advanceTimersByTime(90);
          progress(i);
        }
        await flush();
        expect(settled).toBe(false); // 450 ms elapsed, well past the 100 ms timeout
        jestApi.advanceTimersByTime(100);
        expect(await caught).toBeInstanceOf(RequestTimeoutError);
      });

      it('without resetTimeoutOnProgress progress does not extend the timeout', async () => {
        const { peer, progress } = silentPeer();
        const caught = rejectionOf(
          peer.request('x', {}, { timeoutMs: 100, onProgress: () => undefined }),
        );
        jestApi.advanceTimersByTime(90);
        progress(1);
        jestApi.advanceTimersByTime(10);
        expect(await caught).toBeInstanceOf(RequestTimeoutError);
      });

      it('maxTotalTimeoutMs bounds the total time even with steady progress', async () => {
        const { peer, progress } = silentPeer();
        let settled = false;
        const caught = rejectionOf(
          peer.request(
            'x',
            {},
            {
              timeoutMs: 100,
              resetTimeoutOnProgress: true,
              maxTotalTimeoutMs: 250,
              onProgress: () => undefined,
            },
          ),
        ).finally(() => (settled = true));
        for (let i = 1; i <= 3; i++) {
          jestApi.advanceTimersByTime(80); // progress at 80, 160 and 240 ms
          progress(i);
        }
        jestApi.advanceTimersByTime(9);
        await flush();
        expect(settled).toBe(false); // 249 ms
        jestApi.advanceTimersByTime(1);
        expect(await caught).toBeInstanceOf(RequestTimeoutError); // 250 ms, not 340 ms
        expect(peer.pendingCount).toBe(0);
      });
    });
  });

  describe('pendingRequests() and cancelOutbound()', () => {
    it('lists the outgoing requests still waiting', async () => {
      const { a } = peerPair({}, { onRequest: () => new Promise(() => undefined) });
      void a.request('roots/list').catch(() => undefined);
      void a.request('sampling/createMessage').catch(() => undefined);
      expect(a.pendingRequests()).toEqual([
        { id: 1, method: 'roots/list' },
        { id: 2, method: 'sampling/createMessage' },
      ]);
      a.close();
      expect(a.pendingRequests()).toEqual([]);
    });

    it('cancels one request: RequestCancelledError locally, notifications/cancelled to the peer', async () => {
      const started = deferred<AbortSignal>();
      const { a, sentByA, sentByB } = peerPair(
        {},
        {
          onRequest: async (_request, { signal }) => {
            started.resolve(signal);
            await new Promise((resolve) => signal.addEventListener('abort', resolve));
            return {};
          },
        },
      );
      const pending = a.request('elicitation/create');
      const signal = await started.promise;
      expect(a.cancelOutbound(1, 'user closed the dialog')).toBe(true);
      const error = (await rejectionOf(pending)) as RequestCancelledError;
      expect(error).toBeInstanceOf(RequestCancelledError);
      expect(error.reason).toBe('user closed the dialog');
      expect(sentByA.at(-1)!.message).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, reason: 'user closed the dialog' },
      });
      await flush();
      expect(signal.aborted).toBe(true);
      expect(responses(sentByB)).toEqual([]);
      expect(a.cancelOutbound(1)).toBe(false);
      expect(a.cancelOutbound(42)).toBe(false);
    });
  });

  describe('asynchronous send failures', () => {
    it('fails an outgoing request at once when send returns a rejected promise', async () => {
      const failure = new Error('HTTP 404: session not found');
      const peer = new JsonRpcPeer<undefined>({
        send: () => Promise.reject(failure),
        onRequest: () => ({}),
        requestTimeoutMs: 60_000,
      });
      expect(await rejectionOf(peer.request('tools/list'))).toBe(failure);
      expect(peer.pendingCount).toBe(0);
    });

    it('reports a rejected notification send through onError', async () => {
      const onError = jestApi.fn();
      const peer = new JsonRpcPeer<undefined>({
        send: () => Promise.reject(new Error('gone')),
        onRequest: () => ({}),
        onError,
      });
      peer.notify('notifications/initialized');
      await flush();
      expect(onError).toHaveBeenCalledWith(expect.any(Error), {
        method: 'notifications/initialized',
      });
    });

    it('fails an outgoing request at once when send throws synchronously', async () => {
      const onError = jestApi.fn();
      const peer = new JsonRpcPeer<undefined>({
        send: () => {
          throw new Error('closed');
        },
        onRequest: () => ({}),
        onError,
      });
      expect(((await rejectionOf(peer.request('x'))) as Error).message).toBe('closed');
      expect(peer.pendingCount).toBe(0);
    });
  });

  describe('close()', () => {
    it('rejects pending requests with ConnectionClosedError', async () => {
      const { a } = peerPair({}, { onRequest: () => new Promise(() => undefined) });
      const first = rejectionOf(a.request('x'));
      const second = rejectionOf(a.request('y'));
      a.close('transport gone');
      const error = await first;
      expect(error).toBeInstanceOf(ConnectionClosedError);
      expect((error as Error).message).toBe('transport gone');
      expect(await second).toBeInstanceOf(ConnectionClosedError);
      expect(a.pendingCount).toBe(0);
      expect(a.closed).toBe(true);
    });

    it('aborts in-flight handlers and sends no response for them', async () => {
      const started = deferred<AbortSignal>();
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: async (_request, { signal }) => {
          started.resolve(signal);
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          return { after: 'close' };
        },
      });
      peer.receive({ jsonrpc: '2.0', id: 1, method: 'x' }, undefined);
      const signal = await started.promise;
      peer.close();
      expect(signal.aborted).toBe(true);
      expect(signal.reason).toBeInstanceOf(ConnectionClosedError);
      expect(peer.inFlightCount).toBe(0);
      await flush();
      expect(sent).toEqual([]);
    });

    it('rejects later requests and drops later notifications; is idempotent', async () => {
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: () => ({}),
      });
      peer.close('first');
      peer.close('second');
      const error = await rejectionOf(peer.request('x'));
      expect(error).toBeInstanceOf(ConnectionClosedError);
      expect((error as Error).message).toBe('first');
      peer.notify('notifications/message', { level: 'info', data: 1 });
      expect(sent).toEqual([]);
    });
    it('does not run handlers for requests received after close', async () => {
      // close() "ends the conversation": a request arriving afterwards (a transport race) must not
      // start a handler whose signal will never abort and whose response can never be sent.
      const onRequest = jestApi.fn(() => ({}));
      const peer = new JsonRpcPeer<undefined>({ send: () => undefined, onRequest });
      peer.close();
      peer.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call' }, undefined);
      await flush();
      expect(onRequest).not.toHaveBeenCalled();
    });
  });

  describe('relatedRequestId', () => {
    it('is passed to send for requests, notifications and responses', async () => {
      const { a, b, sentByA, sentByB } = peerPair(
        {},
        {
          onRequest: (request) => {
            b.notify('notifications/message', { level: 'info', data: 'x' }, request.id);
            return {};
          },
        },
      );
      await a.request('outer', {}, { relatedRequestId: 'incoming-9' });
      a.notify('notifications/progress', { progressToken: 't', progress: 1 }, 'incoming-9');

      expect(sentByA.map((s) => s.relatedRequestId)).toEqual(['incoming-9', 'incoming-9']);
      // b's log and b's response both belong to the request b is serving (id 0)
      expect(sentByB).toEqual([
        {
          message: {
            jsonrpc: '2.0',
            method: 'notifications/message',
            params: { level: 'info', data: 'x' },
          },
          relatedRequestId: 1,
        },
        { message: { jsonrpc: '2.0', id: 1, result: {} }, relatedRequestId: 1 },
      ]);
    });

    it('is undefined for unrelated messages', () => {
      const { a, sentByA } = peerPair();
      a.notify('notifications/tools/list_changed');
      expect(sentByA).toEqual([
        { message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } },
      ]);
    });
  });

  describe('notifications and failures of the host', () => {
    it('passes other notifications and the extra to onNotification', async () => {
      const onNotification = jestApi.fn();
      const { a } = peerPair({}, { onNotification });
      a.notify('notifications/initialized');
      await flush();
      expect(onNotification).toHaveBeenCalledWith(
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { from: 'a' },
      );
    });

    it('reports a throwing onNotification through onError', () => {
      const onError = jestApi.fn();
      const peer = new JsonRpcPeer<undefined>({
        send: () => undefined,
        onRequest: () => ({}),
        onError,
        onNotification: () => {
          throw new Error('listener bug');
        },
      });
      expect(() => peer.receive({ jsonrpc: '2.0', method: 'n' }, undefined)).not.toThrow();
      expect(onError).toHaveBeenCalledWith(expect.any(Error), { method: 'n' });
    });

    it('reports a throwing send through onError instead of throwing', () => {
      const onError = jestApi.fn();
      const peer = new JsonRpcPeer<undefined>({
        send: () => {
          throw new Error('socket closed');
        },
        onRequest: () => ({}),
        onError,
      });
      expect(() => peer.notify('n')).not.toThrow();
      expect(onError).toHaveBeenCalledWith(expect.any(Error), { method: 'n' });
    });

    it('cancelInbound aborts a running handler locally and suppresses its response', async () => {
      const started = deferred<AbortSignal>();
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: async (_request, { signal }) => {
          started.resolve(signal);
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          return {};
        },
      });
      peer.receive({ jsonrpc: '2.0', id: 5, method: 'x' }, undefined);
      const signal = await started.promise;
      const reason = new Error('stream closed');
      peer.cancelInbound(5, reason);
      expect(signal.reason).toBe(reason);
      await flush();
      expect(sent).toEqual([]);
    });
  });

  describe('failInbound', () => {
    function slowPeer() {
      const sent: Sent[] = [];
      const signals = new Map<unknown, AbortSignal>();
      const finish = deferred<Record<string, unknown>>();
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: (request, { signal }) => {
          signals.set(request.id, signal);
          return finish.promise;
        },
      });
      return { peer, sent, signals, finish };
    }

    it('answers every running request with the error, aborts its handler and drops its result', async () => {
      const { peer, sent, signals, finish } = slowPeer();
      peer.receive({ jsonrpc: '2.0', id: 1, method: 'slow' }, undefined);
      peer.receive({ jsonrpc: '2.0', id: 'two', method: 'slow' }, undefined);
      await flush();
      const refusals: McpError[] = [];
      peer.failInbound(() => {
        const error = new McpError(-32000, 'Server shutting down', { limit: 'shutdown' });
        refusals.push(error);
        return error;
      });
      expect(refusals).toHaveLength(2);
      expect(sent.map((s) => s.message)).toEqual([
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32000, message: 'Server shutting down', data: { limit: 'shutdown' } },
        },
        {
          jsonrpc: '2.0',
          id: 'two',
          error: { code: -32000, message: 'Server shutting down', data: { limit: 'shutdown' } },
        },
      ]);
      expect(signals.get(1)?.aborted).toBe(true);
      expect(signals.get(1)?.reason).toBe(refusals[0]);
      expect(peer.inFlightCount).toBe(0);
      finish.resolve({ late: true });
      await flush();
      expect(sent).toHaveLength(2); // the late results are dropped
    });

    it('does nothing when no request is running, and leaves later requests alone', async () => {
      const { peer, sent, finish } = slowPeer();
      const reason = jestApi.fn(() => McpError.internal());
      peer.failInbound(reason);
      expect(reason).not.toHaveBeenCalled();
      peer.receive({ jsonrpc: '2.0', id: 3, method: 'slow' }, undefined);
      finish.resolve({ ok: true });
      await flush();
      expect(sent.map((s) => s.message)).toEqual([{ jsonrpc: '2.0', id: 3, result: { ok: true } }]);
    });
  });

  describe('failOutbound', () => {
    it('rejects every waiting request with the error, tells the peer, ignores late answers and keeps the conversation open', async () => {
      const sent: Sent[] = [];
      const peer = new JsonRpcPeer<undefined>({
        send: (message) => void sent.push({ message }),
        onRequest: () => ({}),
      });
      const first = rejectionOf(peer.request('elicitation/create', {}));
      const quiet = rejectionOf(peer.request('roots/list', {}, { quiet: true }));
      await flush();
      const lost = new McpError(-32001, 'Shared store unavailable, retry shortly');
      peer.failOutbound(() => lost);
      expect(await first).toBe(lost);
      expect(await quiet).toBe(lost);
      expect(peer.pendingCount).toBe(0);
      expect(sent.slice(2).map((s) => s.message)).toEqual([
        {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: 1, reason: 'Shared store unavailable, retry shortly' },
        },
      ]);
      peer.receive({ jsonrpc: '2.0', id: 1, result: { action: 'decline' } }, undefined);
      const next = peer.request('ping');
      peer.receive({ jsonrpc: '2.0', id: 3, result: {} }, undefined);
      await expect(next).resolves.toEqual({});
      expect(peer.closed).toBe(false);
    });
  });
});
