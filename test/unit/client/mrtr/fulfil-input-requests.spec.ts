import { fulfilInputRequests } from '../../../../lib/client/mrtr/fulfil-input-requests.js';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import { TransportError } from '../../../../lib/errors/transport.error.js';

describe('fulfilInputRequests', () => {
  it('answers every key, giving URL elicitations their key as elicitationId', async () => {
    const seen: unknown[] = [];
    const responses = await fulfilInputRequests(
      {
        method: 'tools/call',
        round: 1,
        inputRequests: {
          roots: { method: 'roots/list' },
          login: {
            method: 'elicitation/create',
            params: { mode: 'url', message: 'log in', url: 'https://example.com' },
          },
        },
      },
      async (method, params) => {
        seen.push({ method, params });
        return method === 'roots/list' ? { roots: [] } : { action: 'accept' };
      },
    );
    expect(responses).toEqual({ roots: { roots: [] }, login: { action: 'accept' } });
    expect(seen).toContainEqual({
      method: 'elicitation/create',
      params: expect.objectContaining({ elicitationId: 'login', mode: 'url' }),
    });
  });

  it('turns a missing handler into a TransportError naming the input', async () => {
    const answer = async (method: string) => {
      throw McpError.methodNotFound(method);
    };
    const result = fulfilInputRequests(
      {
        method: 'tools/call',
        round: 1,
        inputRequests: { s: { method: 'roots/list' } },
      },
      answer,
    );
    await expect(result).rejects.toBeInstanceOf(TransportError);
    await expect(result).rejects.toThrow(/roots\/list input \("s"\)/);
  });
});
