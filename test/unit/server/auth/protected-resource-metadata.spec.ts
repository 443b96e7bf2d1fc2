import {
  assertProtectedResourceOptions,
  protectedResourceMetadata,
  resourceMetadataUrl,
} from '../../../../lib/server/auth/protected-resource-metadata.js';

describe('protected resource metadata (RFC 9728)', () => {
  it('puts the well-known path between the host and the resource path', () => {
    expect(resourceMetadataUrl('https://api.example.com/mcp')).toBe(
      'https://api.example.com/.well-known/oauth-protected-resource/mcp',
    );
    expect(resourceMetadataUrl('https://api.example.com/')).toBe(
      'https://api.example.com/.well-known/oauth-protected-resource',
    );
    expect(resourceMetadataUrl('http://127.0.0.1:3000/v1/mcp/')).toBe(
      'http://127.0.0.1:3000/.well-known/oauth-protected-resource/v1/mcp',
    );
  });

  it('builds the document with snake_case members, extra members under ours', () => {
    expect(
      protectedResourceMetadata({
        resource: 'https://r/mcp',
        authorizationServers: ['https://as'],
        scopesSupported: ['a'],
        resourceName: 'R',
        resourceDocumentation: 'https://r/docs',
        metadata: { resource_policy_uri: 'https://r/policy', resource: 'ignored' },
      }),
    ).toEqual({
      resource: 'https://r/mcp',
      authorization_servers: ['https://as'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['a'],
      resource_name: 'R',
      resource_documentation: 'https://r/docs',
      resource_policy_uri: 'https://r/policy',
    });
  });

  it.each([
    [
      { resource: '/mcp', authorizationServers: ['https://as'] },
      /resource must be an absolute URL/,
    ],
    [
      { resource: 'https://r/mcp#x', authorizationServers: ['https://as'] },
      /must not have a fragment/,
    ],
    [{ resource: 'ftp://r/mcp', authorizationServers: ['https://as'] }, /http\(s\) URL/],
    [{ resource: 'https://r/mcp', authorizationServers: [] }, /at least one/],
    [{ resource: 'https://r/mcp', authorizationServers: ['as'] }, /authorizationServers\[\]/],
  ])('refuses bad options at bootstrap (%#)', (options, message) => {
    expect(() => assertProtectedResourceOptions(options)).toThrow(message);
  });
});
