import { randomBytes } from 'node:crypto';
import {
  fingerprintConflicts,
  settingsFingerprint,
} from '../../../../lib/server/cluster/settings-fingerprint.js';

describe('settingsFingerprint / fingerprintConflicts', () => {
  const [k1, k2, k3] = [1, 2, 3].map(() => randomBytes(32).toString('base64'));

  it('fingerprints keys without revealing them, stable across processes', () => {
    const one = settingsFingerprint({ requestState: { keys: [k1!, k2!] } });
    expect(one.keys).toHaveLength(2);
    expect(one.keys[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(one)).not.toContain(k1);
    expect(settingsFingerprint({ requestState: { keys: [k1!] } }).keys[0]).toBe(one.keys[0]);
  });

  it('accepts a rotation in progress, refuses keys that cannot open each other', () => {
    const old = settingsFingerprint({ requestState: { keys: [k1!] } });
    const rotating = settingsFingerprint({ requestState: { keys: [k2!, k1!] } });
    const announced = settingsFingerprint({ requestState: { keys: [k1!, k2!] } });
    expect(fingerprintConflicts(announced, old, 'a')).toEqual([]);
    expect(fingerprintConflicts(rotating, announced, 'a')).toEqual([]);
    // Sealing with k2 where an instance only opens k1: its rounds fail there.
    expect(fingerprintConflicts(rotating, old, 'a')).toEqual([
      expect.stringMatching(/^requestState\.keys differ from instance a's/),
    ]);
    const other = settingsFingerprint({ requestState: { keys: [k3!] } });
    expect(fingerprintConflicts(other, old, 'b')).toHaveLength(1);
  });

  it('names each compared setting that differs', () => {
    const a = settingsFingerprint({ requestState: { keys: [k1!] }, protocolEras: 'dual' });
    const b = settingsFingerprint({
      requestState: { keys: [k1!] },
      protocolEras: 'legacy',
      limits: { maxTasksPerOwner: 5 },
    });
    expect(fingerprintConflicts(a, b, 'c')).toEqual([
      `protocolEras differs from instance c's ("dual" here, "legacy" there)`,
      `limits differs from instance c's (null here, {"maxTasksPerOwner":5} there)`,
    ]);
  });
});
