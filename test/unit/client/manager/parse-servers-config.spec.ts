import { McpServersConfigError } from '../../../../lib/errors/mcp-servers-config.error.js';
import {
  parseServerConfig,
  parseServersConfig,
} from '../../../../lib/client/manager/parse-servers-config.js';
import type { McpServersConfig } from '../../../../lib/client/manager/mcp-servers-config.interface.js';

const parse = (mcpServers: Record<string, unknown>) =>
  parseServersConfig({ mcpServers } as McpServersConfig);

const problem = (mcpServers: Record<string, unknown>) => {
  try {
    parse(mcpServers);
  } catch (error) {
    expect(error).toBeInstanceOf(McpServersConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a config error');
};

describe('parseServersConfig', () => {
  it('reads the desktop-client shape: stdio commands and remote URLs, in order', () => {
    const parsed = parse({
      files: { command: 'npx', args: ['-y', 'server'], env: { TOKEN: 't' }, cwd: '/tmp' },
      weather: { url: 'https://example.com/mcp', headers: { authorization: 'Bearer x' } },
      legacy: { type: 'sse', url: 'http://127.0.0.1:1/sse' },
      socket: { url: 'ws://127.0.0.1:1/mcp' },
      forced: { url: 'http://127.0.0.1:1/mcp', transport: 'websocket' },
      off: { command: 'never', disabled: true },
    });
    expect([...parsed.keys()]).toEqual(['files', 'weather', 'legacy', 'socket', 'forced']);
    expect(parsed.get('files')).toEqual({
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'server'],
      env: { TOKEN: 't' },
      cwd: '/tmp',
    });
    expect(parsed.get('weather')).toMatchObject({
      kind: 'streamable-http',
      headers: { authorization: 'Bearer x' },
    });
    expect(parsed.get('legacy')?.kind).toBe('sse');
    expect(parsed.get('socket')?.kind).toBe('websocket');
    expect(parsed.get('forced')?.kind).toBe('websocket');
  });

  it('names the server key in every problem', () => {
    expect(problem({ a: { args: [] } })).toBe(
      'mcpServers.a: needs "command" (a stdio server), "url" (a remote server) or "transport" (a broker)',
    );
    expect(problem({ b: { command: 'x', url: 'http://h/' } })).toBe(
      'mcpServers.b: has both "command" and "url"; give one',
    );
    expect(problem({ c: { command: '' } })).toBe(
      'mcpServers.c: "command" must be a non-empty string',
    );
    expect(problem({ d: { command: 'x', args: 'one' } })).toBe(
      'mcpServers.d: "args" must be an array of strings',
    );
    expect(problem({ e: { command: 'x', env: { N: 1 } } })).toBe(
      'mcpServers.e: "env" must be an object of string values',
    );
    expect(problem({ f: { url: 'not a url' } })).toBe(
      'mcpServers.f: "url" is not a valid URL: "not a url"',
    );
    expect(problem({ g: { url: 'http://h/', transport: 'carrier-pigeon' } })).toBe(
      `mcpServers.g: "transport" must be 'streamable-http', 'sse' or 'websocket', got "carrier-pigeon"`,
    );
    expect(problem({ h: { url: 'ws://h/', type: 'sse' } })).toBe(
      'mcpServers.h: "url" ws://h/ cannot be used with sse',
    );
    expect(problem({ 'has space': { command: 'x' } })).toMatch(
      /^mcpServers\.has space: server names are 1-64 characters/,
    );
    expect(problem({ i: 'npx server' })).toBe('mcpServers.i: must be an object');
    expect(problem({ j: { command: 'x', type: 'http' } })).toBe(
      'mcpServers.j: "type" "http" needs a "url"',
    );
  });

  it('refuses a config without an mcpServers object', () => {
    expect(() => parseServersConfig({} as McpServersConfig)).toThrow(
      'mcpServers: must be an object of server name → config',
    );
  });
});

describe('parseServerConfig: broker entries', () => {
  it('takes a NATS subject or a RabbitMQ queue as the address', () => {
    expect(
      parseServerConfig('weather', {
        transport: { nats: { servers: 'nats://127.0.0.1:4222', subject: 'mcp.weather' } },
        livenessMs: 500,
      }),
    ).toEqual({
      kind: 'broker',
      endpoint: { nats: { servers: 'nats://127.0.0.1:4222', subject: 'mcp.weather' } },
      livenessMs: 500,
    });
    expect(
      parseServerConfig('stock', { transport: { rabbitmq: { url: 'amqp://h', queue: 'q' } } }),
    ).toMatchObject({ kind: 'broker', livenessMs: undefined });
  });

  it('refuses an entry naming both brokers, none, or no subject', () => {
    const bad = [
      { transport: {} },
      { transport: { nats: { servers: 'n', subject: 's' }, rabbitmq: { url: 'u', queue: 'q' } } },
      { transport: { nats: { servers: 'n' } } },
      { transport: { rabbitmq: { url: 'u' } } },
      { transport: { nats: { servers: 'n', subject: 's' } }, livenessMs: -1 },
    ];
    for (const entry of bad) {
      expect(() => parseServerConfig('x', entry as never)).toThrow(/^mcpServers\.x: /);
    }
  });
});
