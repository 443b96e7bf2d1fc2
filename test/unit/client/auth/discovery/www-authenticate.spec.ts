import {
  parseWwwAuthenticate,
  readBearerChallenge,
} from '../../../../../lib/client/auth/discovery/www-authenticate.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';

describe('parseWwwAuthenticate', () => {
  it('reads a Bearer challenge with quoted and token params', () => {
    expect(
      parseWwwAuthenticate(
        'Bearer realm="mcp", error=insufficient_scope, scope="a b", resource_metadata="https://x/.well-known/oauth-protected-resource/mcp"',
      ),
    ).toEqual([
      {
        scheme: 'Bearer',
        params: {
          realm: 'mcp',
          error: 'insufficient_scope',
          scope: 'a b',
          resource_metadata: 'https://x/.well-known/oauth-protected-resource/mcp',
        },
      },
    ]);
  });

  it('splits several challenges and keeps a token68', () => {
    const challenges = parseWwwAuthenticate('Basic dXNlcjpwYXNz==, DPoP algs="ES256", Bearer');
    expect(challenges.map((c) => c.scheme)).toEqual(['Basic', 'DPoP', 'Bearer']);
    expect(challenges[0]!.token68).toBe('dXNlcjpwYXNz==');
    expect(challenges[1]!.params).toEqual({ algs: 'ES256' });
  });

  it('unescapes quoted pairs and lower-cases param names', () => {
    expect(parseWwwAuthenticate('Bearer Error_Description="say \\"no\\""')[0]!.params).toEqual({
      error_description: 'say "no"',
    });
  });

  it.each([
    ['an unterminated quoted string', 'Bearer resource_metadata="https://x/prm'],
    ['stray text after a parameter', 'Bearer realm="x" junk'],
    ['a parameter without a value', 'Bearer scope=, realm="x"'],
    ['no scheme', '"quoted"'],
    ['a value without a name', 'Bearer ="x"'],
  ])('refuses %s with McpAuthError invalid_www_authenticate', (_what, header) => {
    expect(() => readBearerChallenge(header)).toThrow(McpAuthError);
    try {
      readBearerChallenge(header);
    } catch (error) {
      expect((error as McpAuthError).code).toBe('invalid_www_authenticate');
      expect((error as McpAuthError).message).toMatch(/Malformed WWW-Authenticate/);
    }
  });
});

describe('readBearerChallenge', () => {
  it('gives the fields an MCP client acts on', () => {
    expect(
      readBearerChallenge(
        'Bearer error="insufficient_scope", scope="mcp:write mcp:read", resource_metadata="https://x/prm", error_description="more"',
      ),
    ).toEqual({
      scheme: 'Bearer',
      error: 'insufficient_scope',
      scope: ['mcp:write', 'mcp:read'],
      resourceMetadata: 'https://x/prm',
      errorDescription: 'more',
    });
  });

  it('is undefined without a header or without a Bearer/DPoP challenge', () => {
    expect(readBearerChallenge(undefined)).toBeUndefined();
    expect(readBearerChallenge('Basic realm="x"')).toBeUndefined();
  });

  it('refuses a Bearer challenge carrying a token68 instead of parameters', () => {
    expect(() => readBearerChallenge('Bearer scope=')).toThrow(/Malformed WWW-Authenticate/);
  });
});
