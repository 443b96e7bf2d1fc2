import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { APP_PIPE } from '@nestjs/core';
import { McpModule } from '../../../lib/index.js';
import { waitFor, within } from '../support/wait.js';
import { connectSdk, firstText, type SdkPeer } from './support/clients.js';
import { ContextTools, TicksController } from './support/context-tools.js';
import { NoForbiddenWordPipe } from './support/piped.tools.js';
import {
  AmbientGuard,
  AmbientInterceptor,
  PlainContextTools,
} from './support/plain-context-tools.js';
import { bootApp, type BootedApp } from './support/nest-app.js';

/**
 * `asyncContext: false` takes the AsyncLocalStorage off every call (its async hooks cost every
 * promise on Node 20 and 22). Handlers whose parameters are all decorated still stream progress
 * and are unsubscribed when cancelled: the library finds their context without the storage, and
 * the app's global and method pipes never see it.
 * `getCurrentMcpContext()` says it is off instead of answering undefined inside a call.
 */
describe.each([
  ['asyncContext: false', false],
  ['the default asyncContext', true],
] as const)('Decorated handlers with %s', (_label, asyncContext) => {
  let booted: BootedApp;
  let peer: SdkPeer;
  let tools: ContextTools;

  beforeAll(async () => {
    booted = await bootApp({
      imports: [
        McpModule.forRoot({
          name: 'context',
          version: '1.0.0',
          ...(asyncContext ? {} : { asyncContext: false }),
          routeTools: [{ controller: TicksController, method: 'tick' }],
        }),
      ],
      // A global pipe that serialises every object argument: it must never see the context.
      providers: [
        ContextTools,
        PlainContextTools,
        AmbientGuard,
        AmbientInterceptor,
        { provide: APP_PIPE, useClass: NoForbiddenWordPipe },
      ],
      controllers: [TicksController],
    });
    tools = booted.app.get(ContextTools);
    peer = await connectSdk(booted.url());
  });
  afterAll(async () => {
    await peer?.close();
    await booted?.close();
  });

  it('streams an Observable result as progress, then the last value', async () => {
    const progress: number[] = [];
    const result = await peer.client.callTool({ name: 'count', arguments: { to: 3 } }, undefined, {
      onprogress: (p: Progress) => progress.push(p.progress),
    });
    expect(progress).toEqual([1, 2, 3]);
    expect(firstText(result)).toBe('counted to 3');
  });

  it('streams a route tool’s Observable as progress', async () => {
    const progress: number[] = [];
    const result = await peer.client.callTool({ name: 'tick', arguments: { n: '2' } }, undefined, {
      onprogress: (p: Progress) => progress.push(p.progress),
    });
    expect(progress).toEqual([1, 2]);
    expect(result.structuredContent ?? JSON.parse(firstText(result))).toEqual({ ticks: 2 });
  });

  it('unsubscribes the Observable when the client cancels', async () => {
    const probe = tools.hangProbe;
    probe.reset();
    const abort = new AbortController();
    const call = peer.client.callTool({ name: 'hang', arguments: {} }, undefined, {
      signal: abort.signal,
      onprogress: () => undefined,
    });
    await waitFor(() => probe.emitted >= 2, { description: 'the Observable to emit' });
    abort.abort(new Error('user cancelled'));
    await expect(call).rejects.toThrow();
    await within(probe.tornDown, 5000, 'the Observable to be unsubscribed');
  });

  it(
    asyncContext
      ? 'gives the call’s context to getCurrentMcpContext()'
      : 'makes getCurrentMcpContext() say it is turned off',
    async () => {
      const result = await peer.client.callTool({ name: 'ambient', arguments: {} });
      expect(firstText(result)).toBe(
        asyncContext
          ? 'method tools/call'
          : 'threw: getCurrentMcpContext() is turned off in this app (McpModule option asyncContext: false); ' +
              'take the context as a parameter (@McpCtx(), or a handler’s second argument) or remove asyncContext: false',
      );
    },
  );

  const THREW =
    'threw: getCurrentMcpContext() is turned off in this app (McpModule option asyncContext: false); ' +
    'take the context as a parameter (@McpCtx(), or a handler’s second argument) or remove asyncContext: false';
  const expected = asyncContext ? 'method tools/call' : THREW;

  // Without a guard, interceptor or filter the storage covers the method alone (and what it
  // returns), with one of them the whole pipeline: the context is there for each either way.
  it('gives the context to a method without decorated parameters, at once and in its Observable', async () => {
    const now = await peer.client.callTool({ name: 'plainAmbient', arguments: {} });
    expect(firstText(now)).toBe(expected);
    const later = await peer.client.callTool({ name: 'plainObservable', arguments: {} });
    expect(firstText(later)).toBe(expected);
  });

  it('gives the context to the guard and interceptor of such a method', async () => {
    AmbientGuard.seen = [];
    AmbientInterceptor.seen = [];
    const guarded = await peer.client.callTool({ name: 'plainGuarded', arguments: {} });
    expect(firstText(guarded)).toBe(expected);
    expect(AmbientGuard.seen).toEqual([expected]);
    const intercepted = await peer.client.callTool({ name: 'plainIntercepted', arguments: {} });
    expect(firstText(intercepted)).toBe(expected);
    expect(AmbientInterceptor.seen).toEqual([expected]);
  });

  if (asyncContext) {
    it('keeps a waiting plain method’s context while calls answered at once start and end', async () => {
      const plain = booted.app.get(PlainContextTools);
      const later = peer.client.callTool({ name: 'plainLater', arguments: {} });
      await waitFor(() => plain.waiting === 1, { description: 'plainLater to wait at the gate' });
      for (let i = 0; i < 2; i++) {
        const quick = await peer.client.callTool({ name: 'plainAmbient', arguments: {} });
        expect(firstText(quick)).toBe('method tools/call');
      }
      plain.openGate();
      expect(firstText(await later)).toBe('own context');
    });

    // On Node 20 and 22 the storage is on only while a call runs: a call that ends (here, two)
    // while another waits must not take the context from under the one still running.
    it('keeps a waiting call’s context while other calls start and end', async () => {
      const later = peer.client.callTool({ name: 'ambientLater', arguments: {} });
      await waitFor(() => tools.waiting === 1, { description: 'ambientLater to wait at the gate' });
      for (let i = 0; i < 2; i++) {
        const quick = await peer.client.callTool({ name: 'ambient', arguments: {} });
        expect(firstText(quick)).toBe('method tools/call');
      }
      tools.openGate();
      expect(firstText(await later)).toBe('own context');
    });
  }
});
