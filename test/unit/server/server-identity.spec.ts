import {
  assertProtocolVersions,
  legacyVersionsOf,
  supportedVersionsOf,
} from '../../../lib/server/server-identity.js';
import { negotiateProtocolVersion } from '../../../lib/protocol/versions.js';
import { makeServer, TestClient } from './harness.js';

describe('option protocolVersions', () => {
  it('restricts the revisions of each era, newest first', () => {
    const only = ['2025-06-18', '2026-07-28', '2025-11-25'];
    expect(supportedVersionsOf('dual', only)).toEqual(['2026-07-28', '2025-11-25', '2025-06-18']);
    expect(legacyVersionsOf('dual', only)).toEqual(['2025-11-25', '2025-06-18']);
    expect(legacyVersionsOf('modern', only)).toEqual([]);
    expect(supportedVersionsOf('dual')).toContain('2024-11-05');
  });

  it('negotiates among the supported ones: echo when listed, else the newest listed', () => {
    const supported = ['2025-06-18', '2025-03-26'];
    expect(negotiateProtocolVersion('2025-03-26', supported)).toBe('2025-03-26');
    expect(negotiateProtocolVersion('2025-11-25', supported)).toBe('2025-06-18');
    expect(negotiateProtocolVersion(undefined, supported)).toBe('2025-06-18');
    expect(negotiateProtocolVersion('2025-11-25')).toBe('2025-11-25');
  });

  it('refuses an empty list, an unknown revision, and a list without a revision of the only era served', () => {
    expect(() => assertProtocolVersions(undefined, 'dual')).not.toThrow();
    expect(() => assertProtocolVersions([], 'dual')).toThrow(/the list is empty/);
    expect(() => assertProtocolVersions(['2025-11-25', '2030-01-01'], 'dual')).toThrow(
      /unknown revision "2030-01-01"/,
    );
    expect(() => assertProtocolVersions(['2025-11-25'], 'modern')).toThrow(
      /protocolEras 'modern' needs a 2026-07-28 revision/,
    );
    expect(() => assertProtocolVersions(['2026-07-28'], 'legacy')).toThrow(
      /protocolEras 'legacy' needs a 2025 revision/,
    );
  });
});

describe('initialize with no 2025 revision allowed', () => {
  it('answers -32602 Unsupported protocol version with the supported list', async () => {
    const client = TestClient.connect(makeServer({ protocolVersions: ['2026-07-28'] }));
    const error = await client.error('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(error).toEqual({
      code: -32602,
      message: 'Unsupported protocol version',
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
  });
});
