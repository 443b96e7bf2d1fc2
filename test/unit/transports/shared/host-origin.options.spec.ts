import {
  pickHostOriginOptions,
  resolveHostOriginOptions,
} from '../../../../lib/transports/shared/host-origin.options.js';

describe('HostOriginOptions', () => {
  it('defaults to protection on, with no extra hosts or origins', () => {
    expect(resolveHostOriginOptions()).toEqual({
      dnsRebindingProtection: true,
      allowedHosts: new Set(),
      allowedOrigins: new Set(),
    });
  });

  it('lower-cases hosts and origins into sets', () => {
    const resolved = resolveHostOriginOptions({
      dnsRebindingProtection: false,
      allowedHosts: ['API.example'],
      allowedOrigins: ['HTTPS://App.example'],
    });
    expect(resolved.dnsRebindingProtection).toBe(false);
    expect([...resolved.allowedHosts]).toEqual(['api.example']);
    expect([...resolved.allowedOrigins]).toEqual(['https://app.example']);
  });

  it('picks only the three origin settings out of larger options', () => {
    const picked = pickHostOriginOptions({
      allowedHosts: ['a'],
      path: '/x',
    } as Parameters<typeof pickHostOriginOptions>[0]);
    expect(picked).toEqual({
      dnsRebindingProtection: undefined,
      allowedHosts: ['a'],
      allowedOrigins: undefined,
    });
  });
});
