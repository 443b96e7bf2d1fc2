import { APP_PIPE } from '@nestjs/core';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpModule } from '../../../lib/index.js';
import { connectSdk, firstText, type SdkPeer } from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { NoForbiddenWordPipe, PipedTools } from './support/piped.tools.js';

describe('pipes on MCP handler arguments', () => {
  let booted: BootedApp;
  let peer: SdkPeer;

  beforeAll(async () => {
    booted = await bootApp({
      imports: [McpModule.forRoot({ name: 'piped', version: '1.0.0' })],
      providers: [PipedTools, { provide: APP_PIPE, useClass: NoForbiddenWordPipe }],
    });
    peer = await connectSdk(booted.url());
  });
  afterAll(async () => {
    await peer?.close();
    await booted?.close();
  });

  const call = (name: string, args: Record<string, unknown>) =>
    peer.client.callTool({ name, arguments: args });

  it('passes arguments through a validation pipe, with its transforms', async () => {
    const result = await call('create_user', { name: '  Ada ', email: 'ADA@Example.com' });
    expect(firstText(result)).toBe('created Ada <ada@example.com>');
  });

  it('answers a validation pipe that rejects with a clear tool error, and keeps serving', async () => {
    const rejected = await call('create_user', { name: 'A', email: 'not-an-email' });
    expect(rejected).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text:
            'Validation failed: name: name must have at least 2 characters; ' +
            'email: email must be an email address',
        },
      ],
    });
    const next = await call('create_user', { name: 'Grace', email: 'grace@example.com' });
    expect(firstText(next)).toBe('created Grace <grace@example.com>');
  });

  it('applies a pipe to one named argument (ParseIntPipe)', async () => {
    expect(firstText(await call('double', { count: '21' }))).toBe('doubled: 42 (number)');
    const rejected = await call('double', { count: 'many' });
    expect(rejected).toMatchObject({
      isError: true,
      content: [{ text: 'Validation failed (numeric string is expected)' }],
    });
  });

  it('applies method-level pipes (@UsePipes)', async () => {
    expect(firstText(await call('greet', { name: '  Linus  ' }))).toBe('hello [Linus]');
  });

  it('applies global pipes (APP_PIPE) to decorated arguments', async () => {
    const rejected = await call('greet', { name: 'forbidden fruit' });
    expect(rejected).toMatchObject({
      isError: true,
      content: [{ text: 'The word "forbidden" is not allowed' }],
    });
  });

  it('answers a prompt argument that a pipe rejects with -32602', async () => {
    const ok = await peer.client.getPrompt({ name: 'forecast', arguments: { days: '3' } });
    expect(ok.messages[0].content).toEqual({ type: 'text', text: 'forecast for 3 days' });
    const error = await peer.client
      .getPrompt({ name: 'forecast', arguments: { days: 'soon' } })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as McpError).message).toMatch(/numeric string is expected/);
  });
});
