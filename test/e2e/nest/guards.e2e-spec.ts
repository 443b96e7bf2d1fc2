import { APP_GUARD } from '@nestjs/core';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpModule } from '../../../lib/index.js';
import { connectSdk, firstText, names, type SdkPeer } from './support/clients.js';
import { API_KEY, FreezeGuard, GuardedTools, LockedTools } from './support/guarded.tools.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { Recorder } from './support/recorder.js';

const KEY = { 'x-api-key': API_KEY };

async function bootGuarded(hideDeniedFromLists: boolean): Promise<BootedApp> {
  return bootApp({
    imports: [McpModule.forRoot({ name: 'guarded', version: '1.0.0', hideDeniedFromLists })],
    providers: [Recorder, GuardedTools, LockedTools, { provide: APP_GUARD, useClass: FreezeGuard }],
  });
}

/** Calls `fn` and returns the JSON-RPC error it rejects with. */
async function rpcError(fn: () => Promise<unknown>): Promise<McpError> {
  const error = await fn().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof McpError))
    throw new Error(`expected a JSON-RPC error, got ${String(error)}`);
  return error;
}

describe('guards on MCP handlers', () => {
  let booted: BootedApp;
  const peers: SdkPeer[] = [];
  const connect = async (headers: Record<string, string> = {}) => {
    const peer = await connectSdk(booted.url(), headers);
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    booted = await bootGuarded(false);
  });
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.close()));
    booted.app.get(Recorder).clear();
  });
  afterAll(() => booted.close());

  it('lets an allowed caller call the guarded tool', async () => {
    const peer = await connect(KEY);
    const result = await peer.client.callTool({ name: 'secret_echo', arguments: { text: 'x' } });
    expect(result.isError).toBeFalsy();
    expect(firstText(result)).toBe('secret: x');
  });

  it('answers a denied tools/call with a tool error, and keeps serving', async () => {
    const peer = await connect();
    const denied = await peer.client.callTool({ name: 'secret_echo', arguments: { text: 'x' } });
    expect(denied).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Forbidden resource' }],
    });
    const next = await peer.client.callTool({ name: 'public_echo', arguments: { text: 'y' } });
    expect(firstText(next)).toBe('public: y');
  });

  it('gives the guard the MCP call, the session and the HTTP request (McpExecutionContext)', async () => {
    const peer = await connect(KEY);
    await peer.client.callTool({ name: 'secret_echo', arguments: { text: 'seen' } });
    expect(booted.app.get(Recorder).of('api-key-guard')).toEqual([
      {
        isMcp: true,
        type: 'mcp',
        method: 'tools/call',
        args: { text: 'seen' },
        sessionId: peer.transport.sessionId,
        handler: 'secret_echo',
        allowed: true,
      },
    ]);
  });

  it('applies a class-level guard', async () => {
    const denied = await (await connect()).client.callTool({ name: 'locked_tool', arguments: {} });
    expect(denied.isError).toBe(true);
    const allowed = await (
      await connect(KEY)
    ).client.callTool({ name: 'locked_tool', arguments: {} });
    expect(firstText(allowed)).toBe('unlocked');
  });

  it('applies global guards (APP_GUARD) to MCP calls', async () => {
    const frozen = await connect({ ...KEY, 'x-freeze': '1' });
    const result = await frozen.client.callTool({ name: 'public_echo', arguments: { text: 'z' } });
    expect(result).toMatchObject({ isError: true, content: [{ text: 'Forbidden resource' }] });
  });

  it('answers denied prompts/get and resources/read with a JSON-RPC error', async () => {
    const peer = await connect();
    const prompt = await rpcError(() => peer.client.getPrompt({ name: 'secret_prompt' }));
    expect(prompt.code).toBe(-32600);
    expect(prompt.message).toMatch(/Forbidden resource/);
    const resource = await rpcError(() => peer.client.readResource({ uri: 'guarded://secret' }));
    expect(resource.code).toBe(-32600);
    const template = await rpcError(() =>
      peer.client.readResource({ uri: 'guarded://vault/gold' }),
    );
    expect(template.code).toBe(-32600);
    const allowed = await (await connect(KEY)).client.readResource({ uri: 'guarded://vault/gold' });
    expect(allowed.contents).toEqual([
      { uri: 'guarded://vault/gold', mimeType: 'text/plain', text: 'vault item gold' },
    ]);
  });

  it('answers a guard that throws with a generic internal error, and keeps serving', async () => {
    const peer = await connect(KEY);
    const fragile = await peer.client
      .callTool({ name: 'fragile', arguments: {} })
      .catch((e: unknown) => e);
    expect(fragile).toMatchObject({ code: -32603, data: { correlationId: expect.any(String) } });
    expect(String(fragile)).not.toMatch(/auth backend/);
    const members = await peer.client.callTool({ name: 'members_only', arguments: {} });
    expect(members).toMatchObject({ isError: true, content: [{ text: 'Log in first' }] });
    const next = await peer.client.callTool({ name: 'secret_echo', arguments: { text: 'ok' } });
    expect(firstText(next)).toBe('secret: ok');
  });

  it('lists every primitive to every caller when list hiding is off', async () => {
    const peer = await connect();
    expect(names((await peer.client.listTools()).tools)).toContain('secret_echo');
    expect(names((await peer.client.listPrompts()).prompts)).toEqual(['secret_prompt']);
    expect(names((await peer.client.listResources()).resources)).toEqual(['public', 'secret']);
  });
});

describe('guards with hideDeniedFromLists', () => {
  let booted: BootedApp;
  const peers: SdkPeer[] = [];
  const connect = async (headers: Record<string, string> = {}) => {
    const peer = await connectSdk(booted.url(), headers);
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    booted = await bootGuarded(true);
  });
  afterEach(() => Promise.all(peers.splice(0).map((p) => p.close())));
  afterAll(() => booted.close());

  it('hides denied tools from a caller without the key', async () => {
    const { client } = await connect();
    expect(names((await client.listTools()).tools)).toEqual(['public_echo']);
  });

  it('hides denied prompts, resources and templates from a caller without the key', async () => {
    const { client } = await connect();
    expect((await client.listPrompts()).prompts).toEqual([]);
    expect(names((await client.listResources()).resources)).toEqual(['public']);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
  });

  it('lists everything the key allows (a guard that throws hides its tool)', async () => {
    const { client } = await connect(KEY);
    expect(names((await client.listTools()).tools)).toEqual([
      'locked_tool',
      'public_echo',
      'secret_echo',
    ]);
    expect(names((await client.listPrompts()).prompts)).toEqual(['secret_prompt']);
    expect(names((await client.listResources()).resources)).toEqual(['public', 'secret']);
    expect(names((await client.listResourceTemplates()).resourceTemplates)).toEqual(['vault']);
  });

  it('still denies a hidden tool called by name', async () => {
    const { client } = await connect();
    const result = await client.callTool({ name: 'secret_echo', arguments: { text: 'x' } });
    expect(result.isError).toBe(true);
  });
});
