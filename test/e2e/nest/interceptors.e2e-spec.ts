import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { McpModule } from '../../../lib/index.js';
import { connectSdk, firstText, type SdkPeer } from './support/clients.js';
import { AuditInterceptor, InterceptedTools } from './support/intercepted.tools.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { Recorder } from './support/recorder.js';

describe('interceptors on MCP handlers', () => {
  let booted: BootedApp;
  let peer: SdkPeer;
  let recorder: Recorder;

  beforeAll(async () => {
    booted = await bootApp({
      imports: [McpModule.forRoot({ name: 'intercepted', version: '1.0.0' })],
      providers: [
        Recorder,
        InterceptedTools,
        { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
      ],
    });
    recorder = booted.app.get(Recorder);
    peer = await connectSdk(booted.url());
  });
  beforeEach(() => recorder.clear());
  afterAll(async () => {
    await peer?.close();
    await booted?.close();
  });

  /** Calls a tool, collecting its progress notifications. */
  async function callWithProgress(name: string, args: Record<string, unknown>) {
    const updates: Progress[] = [];
    const result = await peer.client.callTool({ name, arguments: args }, undefined, {
      onprogress: (p) => updates.push(p),
    });
    return { result, updates };
  }

  it('runs a measuring interceptor around the call (class-level)', async () => {
    const result = await peer.client.callTool({ name: 'measured', arguments: { text: 'a' } });
    expect(firstText(result)).toBe('measured a');
    const [timing] = recorder.of('timing');
    expect(timing).toMatchObject({ handler: 'InterceptedTools#measured', method: 'tools/call' });
    expect(Number.isFinite(timing.ms) && (timing.ms as number) >= 0).toBe(true);
  });

  it('runs global interceptors (APP_INTERCEPTOR) on MCP calls', async () => {
    await peer.client.callTool({ name: 'measured', arguments: { text: 'b' } });
    expect(recorder.of('audit')).toEqual([{ handler: 'measured' }]);
  });

  it('lets an interceptor transform the result', async () => {
    const result = await peer.client.callTool({ name: 'shout', arguments: { text: 'hi' } });
    expect(firstText(result)).toBe('YOU SAID HI');
  });

  it('answers an interceptor that throws with a generic internal error, and keeps serving', async () => {
    for (const name of ['broken', 'erroring']) {
      const failed = await peer.client.callTool({ name, arguments: {} }).catch((e: unknown) => e);
      expect(failed).toMatchObject({ code: -32603, data: { correlationId: expect.any(String) } });
      expect(String(failed)).not.toMatch(/misconfigured|post-processing/);
    }
    const next = await peer.client.callTool({ name: 'shout', arguments: { text: 'still here' } });
    expect(firstText(next)).toBe('YOU SAID STILL HERE');
  });

  it('streams an Observable result as progress, then returns its last value (intercepted)', async () => {
    const { result, updates } = await callWithProgress('countdown', { steps: 3 });
    expect(updates).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
    expect(firstText(result)).toBe('LIFTOFF AFTER 3 (TOOLS/CALL)');
    expect(recorder.of('timing')).toHaveLength(1);
  });

  it('streams plain numbers as progress with a decorated context parameter', async () => {
    const { result, updates } = await callWithProgress('ticks', {});
    expect(updates.map((u) => u.progress)).toEqual([1, 2, 3]);
    expect(firstText(result)).toBe('ticked for tools/call');
  });

  it('streams progress when the handler takes only decorated arguments', async () => {
    const { result, updates } = await callWithProgress('labelled', { label: 'x' });
    expect(firstText(result)).toBe('labelled x');
    expect(updates.map((u) => u.progress)).toEqual([1, 2]);
  });
});
