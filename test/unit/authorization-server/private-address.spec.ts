import {
  isSpecialUseAddress,
  resolvesToPrivateAddress,
} from '../../../lib/authorization-server/private-address.js';

describe('private addresses (Client ID Metadata Document fetches)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('%s is special-use', (address) => {
    expect(isSpecialUseAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isSpecialUseAddress(address)).toBe(false);
    },
  );

  it('checks literals and names that resolve to loopback, and refuses names that do not resolve', async () => {
    await expect(resolvesToPrivateAddress('127.0.0.1')).resolves.toBe(true);
    await expect(resolvesToPrivateAddress('[::1]')).resolves.toBe(true);
    await expect(resolvesToPrivateAddress('localhost')).resolves.toBe(true);
    await expect(resolvesToPrivateAddress('no-such-host.invalid')).resolves.toBe(true);
    await expect(resolvesToPrivateAddress('8.8.8.8')).resolves.toBe(false);
  });
});
