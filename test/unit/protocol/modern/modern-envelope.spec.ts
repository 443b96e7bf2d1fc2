import { McpError } from '../../../../lib/errors/mcp.error.js';
import { isEnvelopeError } from '../../../../lib/protocol/modern/envelope-error.js';
import { parseModernEnvelope } from '../../../../lib/protocol/modern/modern-envelope.js';

const V = 'io.modelcontextprotocol/protocolVersion';
const C = 'io.modelcontextprotocol/clientCapabilities';
const SUPPORTED = ['2026-07-28', '2025-11-25'];

function errorOf(fn: () => unknown): McpError {
  try {
    fn();
  } catch (error) {
    return error as McpError;
  }
  throw new Error('expected a throw');
}

describe('parseModernEnvelope', () => {
  it('reads version, capabilities, client info and log level; era is modern', () => {
    const protocol = parseModernEnvelope(
      {
        _meta: {
          [V]: '2026-07-28',
          [C]: { sampling: {} },
          'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
          'io.modelcontextprotocol/logLevel': 'info',
        },
      },
      SUPPORTED,
    );
    expect(protocol).toEqual({
      protocolVersion: '2026-07-28',
      clientCapabilities: { sampling: {} },
      clientInfo: { name: 'c', version: '1' },
      logLevel: 'info',
      era: 'modern',
    });
  });

  it('client info is optional', () => {
    const protocol = parseModernEnvelope({ _meta: { [V]: '2026-07-28', [C]: {} } }, SUPPORTED);
    expect(protocol.clientInfo).toBeUndefined();
  });

  it.each([
    ['no params', undefined],
    ['no _meta', {}],
    ['no version', { _meta: { [C]: {} } }],
    ['no capabilities', { _meta: { [V]: '2026-07-28' } }],
    [
      'a bad log level',
      { _meta: { [V]: '2026-07-28', [C]: {}, 'io.modelcontextprotocol/logLevel': 'loud' } },
    ],
  ])('%s → -32602 flagged as an envelope error', (_, params) => {
    const error = errorOf(() => parseModernEnvelope(params, SUPPORTED));
    expect(error.code).toBe(-32602);
    expect(isEnvelopeError(error)).toBe(true);
  });

  it('an unknown version → -32022 with supported and requested', () => {
    const error = errorOf(() =>
      parseModernEnvelope({ _meta: { [V]: 'v999.0.0', [C]: {} } }, SUPPORTED),
    );
    expect(error.code).toBe(-32022);
    expect(error.data).toEqual({ supported: SUPPORTED, requested: 'v999.0.0' });
  });

  it('runs the header check between the field checks and the version check', () => {
    const seen: string[] = [];
    const check = (source: string, version: string) => {
      seen.push(source, version);
      throw new McpError(-32020, 'mismatch');
    };
    const error = errorOf(() =>
      parseModernEnvelope({ _meta: { [V]: 'v999.0.0', [C]: {} } }, SUPPORTED, check, 'req'),
    );
    expect(seen).toEqual(['req', 'v999.0.0']);
    expect(error.code).toBe(-32020);
  });
});
