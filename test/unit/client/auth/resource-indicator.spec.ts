import {
  canonicalResource,
  checkResource,
} from '../../../../lib/client/auth/resource-indicator.js';

describe('checkResource', () => {
  const server = new URL('https://mcp.example.com/api/mcp');

  it.each([
    'https://mcp.example.com/api/mcp',
    'https://mcp.example.com/api/mcp/',
    'https://mcp.example.com/api',
    'https://mcp.example.com',
    'https://mcp.example.com/',
  ])('accepts %s and returns it exactly as published', (resource) => {
    expect(checkResource(resource, server)).toBe(resource);
  });

  it.each([
    ['another host', 'https://evil.example.com/api/mcp'],
    ['another scheme', 'http://mcp.example.com/api/mcp'],
    ['another port', 'https://mcp.example.com:8443/api/mcp'],
    ['a sibling path', 'https://mcp.example.com/other'],
    ['a prefix that is not a path segment', 'https://mcp.example.com/api/mc'],
    ['a deeper path', 'https://mcp.example.com/api/mcp/tenant'],
    ['not a URI', 'mcp server'],
  ])('refuses %s with McpAuthError resource_mismatch', (_what, resource) => {
    expect(() => checkResource(resource, server)).toThrow(
      expect.objectContaining({ name: 'McpAuthError', code: 'resource_mismatch' }),
    );
  });
});

describe('canonicalResource', () => {
  it('drops the fragment, keeps the rest', () => {
    expect(canonicalResource(new URL('https://mcp.example.com/mcp?x=1#frag'))).toBe(
      'https://mcp.example.com/mcp?x=1',
    );
  });
});
