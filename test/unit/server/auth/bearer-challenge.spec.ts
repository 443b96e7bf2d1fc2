import { bearerChallenge } from '../../../../lib/server/auth/bearer-challenge.js';

describe('bearerChallenge', () => {
  it('names the metadata, and the scope when there is one', () => {
    expect(
      bearerChallenge({ resourceMetadata: 'https://h/.well-known/oauth-protected-resource/mcp' }),
    ).toBe('Bearer resource_metadata="https://h/.well-known/oauth-protected-resource/mcp"');
    expect(
      bearerChallenge({
        resourceMetadata: 'https://h/m',
        scopes: ['a', 'b'],
        error: 'insufficient_scope',
        description: 'Requires scope b',
      }),
    ).toBe(
      'Bearer resource_metadata="https://h/m", scope="a b", error="insufficient_scope", error_description="Requires scope b"',
    );
  });

  it('leaves out an empty scope list', () => {
    expect(bearerChallenge({ resourceMetadata: 'https://h/m', scopes: [] })).toBe(
      'Bearer resource_metadata="https://h/m"',
    );
  });

  it('escapes quotes and backslashes and drops control characters in values', () => {
    expect(
      bearerChallenge({
        resourceMetadata: 'https://h/m',
        error: 'invalid_token',
        description: 'a "b" \\ c\r\nd',
      }),
    ).toBe(
      'Bearer resource_metadata="https://h/m", error="invalid_token", error_description="a \\"b\\" \\\\ cd"',
    );
  });
});
