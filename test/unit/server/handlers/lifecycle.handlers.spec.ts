import { LOGGING_LEVELS } from '../../../../lib/protocol/protocol-context.interface.js';
import { TestClient, makeServer } from '../harness.js';

describe('initialize', () => {
  it.each([
    ['2025-11-25', '2025-11-25'],
    ['2025-06-18', '2025-06-18'],
    ['2025-03-26', '2025-03-26'],
    ['2024-11-05', '2024-11-05'],
    ['2024-10-07', '2024-11-05'],
    ['2030-01-01', '2025-11-25'],
    ['2026-07-28', '2025-11-25'],
    [undefined, '2025-11-25'],
  ])('negotiates %s -> %s', async (requested, negotiated) => {
    const client = TestClient.connect(makeServer());
    const result = await client.initialize({}, requested);
    expect(result.protocolVersion).toBe(negotiated);
    expect(client.session.protocol.protocolVersion).toBe(negotiated);
  });

  it('answers with capabilities derived from registrations, serverInfo and instructions', async () => {
    const server = makeServer({ instructions: 'Be nice', websiteUrl: 'https://example.com' });
    server.registerTool({ name: 't' }, () => 'x');
    server.registerPrompt({ name: 'p' }, () => 'x');
    server.registerResource({ uri: 'file:///r', name: 'r' }, () => 'x');
    const client = TestClient.connect(server);
    expect(await client.initialize()).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: {
        logging: {},
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        completions: {},
      },
      serverInfo: { name: 'test-server', version: '1.2.3', websiteUrl: 'https://example.com' },
      instructions: 'Be nice',
    });
  });

  it('caches the client context on the session and fires onInitialized once', async () => {
    const client = TestClient.connect(makeServer());
    let fired = 0;
    client.session.onInitialized = () => fired++;
    await client.initialize({ sampling: {}, roots: { listChanged: true } });
    expect(client.session.initialized).toBe(true);
    expect(client.session.protocol).toEqual({
      protocolVersion: '2025-11-25',
      clientCapabilities: { sampling: {}, roots: { listChanged: true } },
      clientInfo: { name: 'test-client', version: '0.0.1' },
    });
    expect(fired).toBe(1);
  });

  it('refuses a second initialize with -32600 and keeps the first negotiation', async () => {
    const client = TestClient.connect(makeServer());
    await client.initialize({}, '2025-06-18');
    const error = await client.error('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'again', version: '1' },
    });
    expect(error.code).toBe(-32600);
    expect(error.message).toMatch(/already initialized/);
    expect(client.session.protocol.protocolVersion).toBe('2025-06-18');
    expect(client.session.protocol.clientInfo?.name).toBe('test-client');
  });

  it('refuses non-object capabilities with -32602 and stays uninitialized', async () => {
    const client = TestClient.connect(makeServer());
    const error = await client.error('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: 'all',
      clientInfo: { name: 'c', version: '1' },
    });
    expect(error.code).toBe(-32602);
    expect(client.session.initialized).toBe(false);
    expect((await client.initialize()).protocolVersion).toBe('2025-11-25');
  });
});

describe('ping', () => {
  it('answers {} after initialize too', async () => {
    const client = TestClient.connect(makeServer());
    await client.initialize();
    expect(await client.result('ping')).toEqual({});
  });
});

describe('logging/setLevel', () => {
  /** A server with a tool that logs one message at every level. */
  function loggingServer() {
    const server = makeServer();
    server.registerTool({ name: 'chatty' }, (_args, ctx) => {
      for (const level of LOGGING_LEVELS) ctx.log(level, { level }, 'chatty-logger');
      return 'done';
    });
    return server;
  }

  const levelsLogged = (client: TestClient) =>
    client.notificationParams('notifications/message').map((p) => p!.level);

  it('sends every level before any setLevel', async () => {
    const client = TestClient.connect(loggingServer());
    await client.initialize();
    await client.result('tools/call', { name: 'chatty' });
    expect(levelsLogged(client)).toEqual([...LOGGING_LEVELS]);
    expect(client.notificationParams('notifications/message')[0]).toEqual({
      level: 'debug',
      data: { level: 'debug' },
      logger: 'chatty-logger',
    });
  });

  it('filters ctx.log below the chosen level', async () => {
    const client = TestClient.connect(loggingServer());
    await client.initialize();
    expect(await client.result('logging/setLevel', { level: 'warning' })).toEqual({});
    await client.result('tools/call', { name: 'chatty' });
    expect(levelsLogged(client)).toEqual(['warning', 'error', 'critical', 'alert', 'emergency']);
  });

  it('can lower the level again', async () => {
    const client = TestClient.connect(loggingServer());
    await client.initialize();
    await client.result('logging/setLevel', { level: 'emergency' });
    await client.result('tools/call', { name: 'chatty' });
    await client.result('logging/setLevel', { level: 'debug' });
    await client.result('tools/call', { name: 'chatty' });
    expect(levelsLogged(client)).toEqual(['emergency', ...LOGGING_LEVELS]);
  });

  it.each([
    ['an unknown level', { level: 'verbose' }],
    ['an upper-case level', { level: 'INFO' }],
    ['a missing level', {}],
    ['a numeric level', { level: 3 }],
  ])('refuses %s with -32602 and keeps the previous level', async (_label, params) => {
    const client = TestClient.connect(loggingServer());
    await client.initialize();
    await client.result('logging/setLevel', { level: 'error' });
    expect((await client.error('logging/setLevel', params)).code).toBe(-32602);
    expect(client.session.protocol.logLevel).toBe('error');
  });

  it('is per session', async () => {
    const server = loggingServer();
    const quiet = TestClient.connect(server, 'quiet');
    const loud = TestClient.connect(server, 'loud');
    await quiet.initialize();
    await loud.initialize();
    await quiet.result('logging/setLevel', { level: 'emergency' });
    await quiet.result('tools/call', { name: 'chatty' });
    await loud.result('tools/call', { name: 'chatty' });
    expect(levelsLogged(quiet)).toEqual(['emergency']);
    expect(levelsLogged(loud)).toHaveLength(8);
  });
});
