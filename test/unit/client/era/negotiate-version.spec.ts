import {
  negotiateVersion,
  type NegotiationPorts,
} from '../../../../lib/client/era/negotiate-version.js';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import { RequestTimeoutError } from '../../../../lib/errors/request-timeout.error.js';
import { TransportError } from '../../../../lib/errors/transport.error.js';
import { VersionNegotiationError } from '../../../../lib/errors/version-negotiation.error.js';
import type { InitializeResult } from '../../../../lib/protocol/schema/index.js';

const discover = (versions: string[]) => ({
  supportedVersions: versions,
  capabilities: { tools: {} },
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '1' } },
});
const initialize = (version: string): InitializeResult => ({
  protocolVersion: version,
  capabilities: {},
  serverInfo: { name: 'legacy', version: '1' },
});
const unsupported = (supported: string[]) =>
  new McpError(-32022, 'Unsupported protocol version', { supported, requested: 'x' });

/** Ports whose discover answers come from `answers` in order; initialize echoes the version. */
function ports(...answers: Array<unknown>) {
  const calls: string[] = [];
  const notes: Error[] = [];
  const port: NegotiationPorts = {
    discover: async (version) => {
      calls.push(`discover ${version}`);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer;
    },
    initialize: async (version) => {
      calls.push(`initialize ${version}`);
      return initialize(version === '2025-03-26' ? '2025-06-18' : version);
    },
    note: (error) => notes.push(error),
  };
  return { port, calls, notes };
}

describe('negotiateVersion', () => {
  it("'auto' takes the modern era a discover result offers, with serverInfo from _meta", async () => {
    const { port, calls } = ports(discover(['2026-07-28', '2025-11-25']));
    const server = await negotiateVersion('auto', '2025-11-25', port);
    expect(server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(server.serverInfo).toEqual({ name: 'modern', version: '1' });
    expect(calls).toEqual(['discover 2026-07-28']);
  });

  it.each([
    ['an HTTP 404', new TransportError('404', 'http', 404)],
    ['-32601', McpError.methodNotFound('server/discover')],
    ['a malformed result', { supportedVersions: 'all' }],
    ['legacy versions only', discover(['2025-11-25'])],
    ['-32022 naming legacy versions only', unsupported(['2025-11-25'])],
  ])("'auto' falls back to initialize on %s", async (_label, answer) => {
    const { port, calls, notes } = ports(answer);
    const server = await negotiateVersion('auto', '2025-11-25', port);
    expect(server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(calls).toEqual(['discover 2026-07-28', 'initialize 2025-11-25']);
    expect(notes).toHaveLength(1);
  });

  it("'auto' takes no answer for no evidence: a timeout fails naming probeTimeoutMs", async () => {
    const { port, calls } = ports(new RequestTimeoutError('server/discover', 1, 30_000));
    const result = negotiateVersion('auto', '2025-11-25', port);
    await expect(result).rejects.toBeInstanceOf(VersionNegotiationError);
    await expect(result).rejects.toThrow(/no answer within 30000 ms \(probeTimeoutMs/);
    expect(calls).toEqual(['discover 2026-07-28']);
  });

  it("'auto' rethrows a connection that failed instead of initializing", async () => {
    const refused = new TransportError('connect ECONNREFUSED', 'refused');
    const { port, calls } = ports(refused);
    await expect(negotiateVersion('auto', '2025-11-25', port)).rejects.toBe(refused);
    expect(calls).toEqual(['discover 2026-07-28']);
  });

  it('a 2026 pin that times out names requestTimeoutMs', async () => {
    const { port } = ports(new RequestTimeoutError('server/discover', 1, 20_000));
    await expect(negotiateVersion({ pin: '2026-07-28' }, '2025-11-25', port)).rejects.toThrow(
      /no answer within 20000 ms \(requestTimeoutMs/,
    );
  });

  it('retries the probe once after -32022 naming a modern revision', async () => {
    const { port, calls } = ports(unsupported(['2026-07-28']), discover(['2026-07-28']));
    await expect(negotiateVersion('auto', '2025-11-25', port)).resolves.toMatchObject({
      era: 'modern',
    });
    expect(calls).toEqual(['discover 2026-07-28', 'discover 2026-07-28']);
  });

  it.each([
    ['discover', discover(['2099-01-01'])],
    ['-32022', unsupported(['2099-01-01'])],
  ])('throws VersionNegotiationError when %s names nothing we speak', async (_label, answer) => {
    const { port, calls } = ports(answer);
    const result = negotiateVersion('auto', '2025-11-25', port);
    await expect(result).rejects.toBeInstanceOf(VersionNegotiationError);
    await expect(result).rejects.toMatchObject({ supported: ['2099-01-01'] });
    expect(calls).toEqual(['discover 2026-07-28']);
  });

  it('rethrows other modern errors instead of falling back', async () => {
    const { port } = ports(new McpError(-32020, 'Header mismatch'));
    await expect(negotiateVersion('auto', '2025-11-25', port)).rejects.toMatchObject({
      code: -32020,
    });
  });

  it("'legacy' never probes", async () => {
    const { port, calls } = ports();
    await negotiateVersion('legacy', '2025-06-18', port);
    expect(calls).toEqual(['initialize 2025-06-18']);
  });

  it('a legacy pin never probes and insists on its revision', async () => {
    const ok = ports();
    await expect(
      negotiateVersion({ pin: '2025-11-25' }, '2025-06-18', ok.port),
    ).resolves.toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(ok.calls).toEqual(['initialize 2025-11-25']);
    const other = ports();
    await expect(
      negotiateVersion({ pin: '2025-03-26' }, '2025-11-25', other.port),
    ).rejects.toBeInstanceOf(VersionNegotiationError);
  });

  it('a 2026 pin never initializes', async () => {
    const { port, calls } = ports(new TransportError('404', 'http', 404));
    const result = negotiateVersion({ pin: '2026-07-28' }, '2025-11-25', port);
    await expect(result).rejects.toBeInstanceOf(VersionNegotiationError);
    expect(calls).toEqual(['discover 2026-07-28']);
  });

  it('refuses a pin it does not speak before sending anything', async () => {
    const { port, calls } = ports();
    await expect(negotiateVersion({ pin: '2030-01-01' }, '2025-11-25', port)).rejects.toThrow(
      /not a revision this client speaks/,
    );
    expect(calls).toEqual([]);
  });
});
