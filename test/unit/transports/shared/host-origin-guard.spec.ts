import type { IncomingMessage } from 'node:http';
import { checkOrigin } from '../../../../lib/transports/shared/host-origin-guard.js';
import {
  resolveStreamableHttpOptions,
  type StreamableHttpOptions,
} from '../../../../lib/transports/http/streamable-http.options.js';

/** A fake request: only the headers and the socket's local address matter to the guard. */
function req(
  headers: { host?: string; origin?: string },
  localAddress: string | undefined,
): IncomingMessage {
  return { headers, socket: { localAddress } } as unknown as IncomingMessage;
}

const check = (r: IncomingMessage, options: StreamableHttpOptions = {}) =>
  checkOrigin(r, resolveStreamableHttpOptions(options));

describe('checkOrigin', () => {
  describe('on a loopback socket', () => {
    it.each([
      ['127.0.0.1', 'localhost:3000'],
      ['127.0.0.1', 'localhost'],
      ['127.0.0.1', '127.0.0.1:8080'],
      ['127.0.0.1', 'LOCALHOST:3000'],
      ['::1', '[::1]:3000'],
      ['::1', '[::1]'],
      ['::ffff:127.0.0.1', 'localhost:3000'],
      ['127.0.0.2', 'localhost:3000'],
    ])('accepts socket %s with Host %s and no Origin', (socket, host) => {
      expect(check(req({ host }, socket))).toBeUndefined();
    });

    it.each(['evil.example:3000', 'evil.example', '192.168.1.5:3000', 'localhost.evil.example'])(
      'refuses the non-loopback Host %s (DNS rebinding)',
      (host) => {
        expect(check(req({ host }, '127.0.0.1'))?.reason).toBe(`Host "${host}" is not allowed`);
      },
    );

    it.each([
      '127.0.0.1:3000@evil.example',
      'localhost:3000@evil.example',
      'user@localhost:3000',
      'localhost:abc',
      'localhost:3000:4000',
      'localhost:3000/path',
      'localhost:3000?x',
      'localhost:3000#x',
      'localhost:99999',
      '127.1:3000',
      'local%68ost:3000',
      'localhost :3000',
    ])('refuses the Host %s: not exactly host[:port]', (host) => {
      expect(check(req({ host }, '127.0.0.1'))).toMatchObject({
        reason: `Host "${host}" is not allowed`,
        rule: 'it is not host[:port] (no userinfo, a numeric port, nothing after it)',
      });
      // Off loopback, where any host[:port] passes without allowedHosts, it is still refused.
      expect(check(req({ host }, '10.0.0.5'))).toBeDefined();
    });

    it('accepts the default port written out (Host localhost:80)', () => {
      expect(check(req({ host: 'localhost:80' }, '127.0.0.1'))).toBeUndefined();
    });

    it.each([
      'http://127.0.0.1:3000@evil.example',
      'http://user@localhost:3000',
      'http://localhost:3000/path',
      'http://localhost:abc',
    ])('refuses the Origin %s: not exactly scheme://host[:port]', (origin) => {
      expect(check(req({ host: 'localhost:3000', origin }, '127.0.0.1'))).toMatchObject({
        header: 'Origin',
        rule: 'it is not scheme://host[:port]',
      });
    });

    it('refuses a missing Host', () => {
      expect(check(req({}, '127.0.0.1'))?.reason).toBe('Host "" is not allowed');
    });

    it('accepts an explicitly allowed Host, with or without port', () => {
      expect(
        check(req({ host: 'mcp.internal:3000' }, '127.0.0.1'), { allowedHosts: ['mcp.internal'] }),
      ).toBeUndefined();
      expect(
        check(req({ host: 'mcp.internal:3000' }, '127.0.0.1'), {
          allowedHosts: ['MCP.internal:3000'],
        }),
      ).toBeUndefined();
      expect(
        check(req({ host: 'other:3000' }, '127.0.0.1'), { allowedHosts: ['mcp.internal'] }),
      ).toBeDefined();
    });

    it.each([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'HTTP://LOCALHOST:3000',
    ])('accepts the loopback Origin %s of the same port (this very server)', (origin) => {
      expect(check(req({ host: 'localhost:3000', origin }, '127.0.0.1'))).toBeUndefined();
    });

    it.each([
      'http://localhost:5173',
      'http://127.0.0.1:9999',
      'http://[::1]:4126',
      'http://localhost',
    ])(
      'refuses the loopback Origin %s of another port (another local app) unless listed',
      (origin) => {
        expect(check(req({ host: 'localhost:3000', origin }, '127.0.0.1'))?.allowWith).toBe(
          `allowedOrigins: ['${origin}']`,
        );
        expect(
          check(req({ host: 'localhost:3000', origin }, '127.0.0.1'), { allowedOrigins: [origin] }),
        ).toBeUndefined();
      },
    );

    it.each(['https://evil.example', 'http://localhost.evil.example', 'null', 'not a url'])(
      'refuses the Origin %s',
      (origin) => {
        expect(check(req({ host: 'localhost:3000', origin }, '127.0.0.1'))?.reason).toBe(
          `Origin "${origin}" is not allowed`,
        );
      },
    );

    it('accepts an allowed Origin (case-insensitive)', () => {
      expect(
        check(req({ host: 'localhost:3000', origin: 'https://App.example.com' }, '127.0.0.1'), {
          allowedOrigins: ['https://app.example.com'],
        }),
      ).toBeUndefined();
    });
  });

  describe('on a public socket', () => {
    it('accepts any Host when no hosts are configured', () => {
      expect(check(req({ host: 'api.example.com' }, '10.0.0.5'))).toBeUndefined();
    });

    it('accepts only the allowed hosts when some are configured', () => {
      const options = { allowedHosts: ['api.example.com'] };
      expect(check(req({ host: 'api.example.com' }, '10.0.0.5'), options)).toBeUndefined();
      expect(check(req({ host: 'api.example.com:443' }, '10.0.0.5'), options)).toBeUndefined();
      expect(check(req({ host: 'other.example.com' }, '10.0.0.5'), options)?.reason).toBe(
        'Host "other.example.com" is not allowed',
      );
      // loopback names are not special off loopback
      expect(check(req({ host: 'localhost' }, '10.0.0.5'), options)).toBeDefined();
    });

    it('accepts a same-origin request', () => {
      expect(
        check(req({ host: 'api.example.com', origin: 'https://api.example.com' }, '10.0.0.5')),
      ).toBeUndefined();
      expect(
        check(
          req({ host: 'api.example.com:8443', origin: 'https://api.example.com:8443' }, '10.0.0.5'),
        ),
      ).toBeUndefined();
    });

    it('refuses a cross-origin request, loopback origins included', () => {
      expect(
        check(req({ host: 'api.example.com', origin: 'https://evil.example' }, '10.0.0.5'))?.reason,
      ).toBe('Origin "https://evil.example" is not allowed');
      expect(
        check(req({ host: 'api.example.com', origin: 'http://localhost:3000' }, '10.0.0.5'))
          ?.reason,
      ).toBe('Origin "http://localhost:3000" is not allowed');
    });

    it('accepts a cross-origin request from an allowed origin', () => {
      expect(
        check(req({ host: 'api.example.com', origin: 'https://app.example.com' }, '10.0.0.5'), {
          allowedOrigins: ['https://app.example.com'],
        }),
      ).toBeUndefined();
    });

    it('treats a missing local address as public', () => {
      expect(
        check(req({ host: 'localhost', origin: 'http://localhost' }, undefined)),
      ).toBeUndefined();
      expect(
        check(req({ host: 'api.example.com', origin: 'http://localhost' }, undefined)),
      ).toBeDefined();
    });
  });

  it('checks nothing when dnsRebindingProtection is off', () => {
    expect(
      check(req({ host: 'evil.example', origin: 'https://evil.example:1' }, '127.0.0.1'), {
        dnsRebindingProtection: false,
      }),
    ).toBeUndefined();
  });

  describe('names the option that would accept a refused value', () => {
    it('a foreign Host on loopback: allowedHosts with its name, without the port', () => {
      expect(check(req({ host: 'MCP.Example.com:8443' }, '127.0.0.1'))).toEqual({
        header: 'Host',
        value: 'mcp.example.com:8443',
        reason: 'Host "MCP.Example.com:8443" is not allowed',
        rule: 'a loopback-bound server accepts only loopback names and allowedHosts',
        allowWith: "allowedHosts: ['mcp.example.com']",
      });
    });

    it('a Host missing from allowedHosts on a public socket', () => {
      const refused = check(req({ host: 'other.example' }, '10.0.0.5'), {
        allowedHosts: ['mcp.example.com'],
      });
      expect(refused).toMatchObject({
        rule: 'it is not in allowedHosts',
        allowWith: "allowedHosts: ['other.example']",
      });
    });

    it('a foreign Origin: allowedOrigins with the origin', () => {
      const refused = check(req({ host: 'localhost:3000', origin: 'https://App.example' }, '::1'));
      expect(refused).toMatchObject({
        header: 'Origin',
        value: 'https://app.example',
        allowWith: "allowedOrigins: ['https://app.example']",
      });
    });

    it('cuts a very long value at 200 characters', () => {
      const refused = check(req({ host: 'a'.repeat(5000) }, '127.0.0.1'));
      expect(refused?.value).toHaveLength(200);
      expect(refused?.reason.length).toBeLessThan(250);
    });
  });
});

describe('checkOrigin after it accepted a request (its memo of the last one)', () => {
  it('judges anew every request that differs from the last accepted one in anything it reads', () => {
    const options = resolveStreamableHttpOptions({ allowedOrigins: ['https://app.example'] });
    const accepted = { host: 'localhost:3000', origin: 'https://app.example' };
    expect(checkOrigin(req(accepted, '127.0.0.1'), options)).toBeUndefined();
    expect(checkOrigin(req(accepted, '127.0.0.1'), options)).toBeUndefined(); // the same again
    // Another Host, another Origin, no Host, a socket that is not loopback, other options.
    expect(
      checkOrigin(req({ ...accepted, host: 'evil.example:3000' }, '127.0.0.1'), options),
    ).toMatchObject({ header: 'Host' });
    expect(
      checkOrigin(req({ ...accepted, origin: 'https://evil.example' }, '127.0.0.1'), options),
    ).toMatchObject({ header: 'Origin' });
    expect(checkOrigin(req({ origin: accepted.origin }, '127.0.0.1'), options)).toMatchObject({
      header: 'Host',
    });
    const strict = resolveStreamableHttpOptions({ allowedHosts: ['mcp.example'] });
    expect(checkOrigin(req(accepted, '10.0.0.5'), strict)).toMatchObject({ header: 'Host' });
    expect(checkOrigin(req(accepted, '127.0.0.1'), strict)).toMatchObject({ header: 'Origin' });
    // And the accepted request still passes after those refusals (none of them was remembered).
    expect(checkOrigin(req(accepted, '127.0.0.1'), options)).toBeUndefined();
  });

  it('does not carry an acceptance off loopback over to a loopback socket', () => {
    const options = resolveStreamableHttpOptions({});
    expect(checkOrigin(req({ host: 'localhost:3000' }, '127.0.0.1'), options)).toBeUndefined();
    // Off loopback without allowedHosts any host[:port] passes: no refusal to expect here. A
    // loopback-only rule must then refuse on loopback what it accepted a moment before off it.
    expect(checkOrigin(req({ host: 'evil.example' }, '10.0.0.5'), options)).toBeUndefined();
    expect(checkOrigin(req({ host: 'evil.example' }, '127.0.0.1'), options)).toMatchObject({
      header: 'Host',
    });
  });
});
