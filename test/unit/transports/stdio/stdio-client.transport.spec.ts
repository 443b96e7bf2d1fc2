import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { TransportError } from '../../../../lib/errors/transport.error.js';
import type { JsonRpcMessage } from '../../../../lib/protocol/json-rpc.js';
import { StdioClientTransport } from '../../../../lib/transports/stdio/stdio-client.transport.js';
import type { StdioClientTransportOptions } from '../../../../lib/transports/stdio/stdio-client.options.js';
import { eventually } from './support.js';

/** A tiny line-echo "server": answers each request with its method, on request also misbehaves. */
const ECHO_SERVER = `
process.stderr.write('echo server ready\\n');
let buffer = '';
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let i;
  while ((i = buffer.indexOf('\\n')) !== -1) {
    const line = buffer.slice(0, i);
    buffer = buffer.slice(i + 1);
    const msg = JSON.parse(line);
    if (msg.method === 'garbage') process.stdout.write('not json\\n');
    if (msg.method === 'env') {
      process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { env: process.env, cwd: process.cwd() } }) + '\\n');
      continue;
    }
    if (msg.method === 'die') { process.stderr.write('fatal: dying on request\\n'); process.exit(3); }
    if ('id' in msg) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { method: msg.method } }) + '\\r\\n');
  }
});
process.stdin.on('end', () => process.exit(0));
`;

const node = (script: string, extra: Partial<StdioClientTransportOptions> = {}) =>
  new StdioClientTransport({ command: process.execPath, args: ['-e', script], ...extra });

const request = (id: number, method: string): JsonRpcMessage => ({ jsonrpc: '2.0', id, method });

describe('StdioClientTransport', () => {
  let transport: StdioClientTransport | undefined;

  afterEach(async () => {
    await transport?.close();
    transport = undefined;
  });

  it('exchanges newline-delimited messages with the child and surfaces its stderr', async () => {
    transport = node(ECHO_SERVER);
    const stderr: string[] = [];
    transport.stderr$.subscribe((line) => stderr.push(line));
    const answer = firstValueFrom(transport.messages$);
    await transport.start();
    expect(transport.pid).toEqual(expect.any(Number));
    await transport.send(request(1, 'ping'));
    await expect(answer).resolves.toEqual({ jsonrpc: '2.0', id: 1, result: { method: 'ping' } });
    await eventually(() => stderr.length > 0, 'stderr line');
    expect(stderr).toEqual(['echo server ready']);
  });

  it('reports a garbage line on errors$ and keeps reading', async () => {
    transport = node(ECHO_SERVER);
    const errors: Error[] = [];
    const messages: JsonRpcMessage[] = [];
    transport.errors$.subscribe((e) => errors.push(e));
    transport.messages$.subscribe((m) => messages.push(m));
    await transport.start();
    await transport.send(request(1, 'garbage'));
    await eventually(() => messages.length === 1, 'answer after garbage');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(TransportError);
    expect((errors[0] as TransportError).kind).toBe('protocol');
    expect(errors[0].message).toMatch(/Invalid line from the MCP server: Parse error/);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, result: { method: 'garbage' } }]);
  });

  it('rejects start() with a TransportError naming a command that does not exist', async () => {
    transport = new StdioClientTransport({ command: 'nestjs-mcp-no-such-command' });
    const completed = lastValueFrom(transport.messages$.pipe(toArray()));
    const error = await transport.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe('refused');
    expect((error as TransportError).message).toMatch(/`nestjs-mcp-no-such-command`.*ENOENT/);
    await expect(completed).resolves.toEqual([]);
    await expect(transport.send(request(1, 'ping'))).rejects.toBeInstanceOf(TransportError);
  });

  it('starts only once', async () => {
    transport = node(ECHO_SERVER);
    await transport.start();
    await expect(transport.start()).rejects.toMatchObject({ kind: 'closed' });
  });

  it('on an unexpected exit: closeError exited with the code, errors$ tells, messages$ completes', async () => {
    transport = node(ECHO_SERVER);
    const errors: Error[] = [];
    transport.errors$.subscribe((e) => errors.push(e));
    const completed = lastValueFrom(transport.messages$.pipe(toArray()));
    await transport.start();
    await transport.send(request(1, 'die'));
    await expect(completed).resolves.toEqual([]);

    const closeError = transport.closeError;
    expect(closeError).toBeInstanceOf(TransportError);
    expect(closeError).toMatchObject({ kind: 'exited', status: 3 });
    expect(closeError?.message).toMatch(
      /exited with code 3; last stderr lines: .*fatal: dying on request/,
    );
    expect(errors).toEqual([closeError]);
    expect(transport.exit).toEqual({ code: 3, signal: null });
    await expect(transport.send(request(2, 'ping'))).rejects.toBe(closeError);
  });

  it('close() ends stdin and the well-behaved child exits by itself', async () => {
    // A ceiling, not a timing assert: the default 2 s grace before SIGTERM was too short for a
    // child Node still starting up on a CI machine under a load average of 40.
    transport = node(ECHO_SERVER, { closeTimeoutMs: 30_000 });
    await transport.start();
    await Promise.all([transport.close(), transport.close()]);
    expect(transport.exit).toEqual({ code: 0, signal: null });
    expect(transport.closeError).toBeUndefined();
  });

  it('close() sends SIGTERM to a child that ignores the end of stdin', async () => {
    transport = node('process.stdin.resume(); setInterval(() => {}, 1000);', {
      closeTimeoutMs: 200,
    });
    await transport.start();
    await transport.close();
    expect(transport.exit).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('close() sends SIGKILL to a child that also ignores SIGTERM', async () => {
    transport = node(
      "process.on('SIGTERM', () => {}); process.stdin.resume(); process.stderr.write('armed\\n'); setInterval(() => {}, 1000);",
      { closeTimeoutMs: 200 },
    );
    const armed = firstValueFrom(transport.stderr$);
    await transport.start();
    await armed;
    await transport.close();
    expect(transport.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(transport.closeError).toBeUndefined();
  });

  it('gives the child a safe default environment with overrides, and its cwd', async () => {
    process.env.NESTJS_MCP_SECRET_FOR_TEST = 'secret';
    try {
      transport = node(ECHO_SERVER, {
        env: { EXTRA_VAR: 'extra', PATH: process.env.PATH },
        cwd: '/',
      });
      const answer = firstValueFrom(transport.messages$);
      await transport.start();
      await transport.send(request(1, 'env'));
      const { result } = (await answer) as unknown as {
        result: { env: Record<string, string>; cwd: string };
      };
      expect(result.env.EXTRA_VAR).toBe('extra');
      expect(result.env.NESTJS_MCP_SECRET_FOR_TEST).toBeUndefined();
      expect(result.cwd).toBe('/');
    } finally {
      delete process.env.NESTJS_MCP_SECRET_FOR_TEST;
    }
  });
});
