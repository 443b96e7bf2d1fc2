import { Injectable } from '@nestjs/common';
import { McpModule, Tool } from '../../../lib/index.js';
import { connectSdk, rpcError, type SdkPeer } from '../nest/support/clients.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { postJson, rawId } from '../support/raw-http.js';
import { CapturedLogger } from './support/captured-logger.js';

@Injectable()
class FaultyTools {
  @Tool({ description: 'Has a bug' })
  buggy(): string {
    const settings = undefined as unknown as { region: string };
    return settings.region; // TypeError: Cannot read properties of undefined
  }
}

const ping = () => ({ jsonrpc: '2.0', id: rawId(), method: 'ping' });

/** Issue 11 logging: faults carry a correlation id to the log, client errors are bounded. */
describe.each([false, true])('error logging (exposeErrors %s)', (exposeErrors) => {
  let booted: BootedApp;
  let logger: CapturedLogger;
  let peer: SdkPeer;

  beforeAll(async () => {
    logger = new CapturedLogger();
    booted = await bootApp({
      imports: [McpModule.forRoot({ name: 'faulty', version: '1.0.0', exposeErrors })],
      providers: [FaultyTools],
      logger,
    });
    peer = await connectSdk(booted.url());
  });
  afterAll(async () => {
    await peer?.close();
    await booted?.close();
  });

  it('answers a TypeError with a generic -32603 whose correlation id is in the error log', async () => {
    const error = await rpcError(peer.client.callTool({ name: 'buggy', arguments: {} }));
    expect(error.code).toBe(-32603);
    const { correlationId } = error.data as { correlationId: string };
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    if (exposeErrors) expect(error.message).toMatch(/Cannot read properties of undefined/);
    else expect(error.message).not.toMatch(/Cannot read|region|undefined/);

    const logged = logger.of('McpServer').filter((line) => line.message.includes(correlationId));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'error' });
    expect(logged[0]!.message).toMatch(/Cannot read properties of undefined/);
    expect(logged[0]!.trace).toMatch(/TypeError[\s\S]*at FaultyTools\.buggy/);
  });

  it('logs a flood of bad requests in a bounded number of lines, without stacks', async () => {
    const before = logger.of('McpServer').length;
    const unknownSession = { 'mcp-session-id': 'no-such-session' };
    for (let i = 0; i < 100; i++) {
      const response = await postJson(booted.url(), ping(), unknownSession);
      expect(response.status).toBe(404);
    }
    const lines = logger.of('McpServer').slice(before);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(11); // the category's budget (+ one summary)
    expect(lines.every((line) => line.level === 'debug' && line.trace === undefined)).toBe(true);
  });
});
