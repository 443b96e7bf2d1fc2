import type { McpHttpAuth } from '../../../../../lib/client/auth/http-auth.interface.js';
import { exchangeWithAuth } from '../../../../../lib/transports/shared/http/auth-exchange.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';

const URL_ = new URL('http://127.0.0.1:1/mcp');

/** An auth handing out numbered tokens and answering challenges as told. */
function auth(answer: boolean | Error) {
  const seen = { challenges: [] as unknown[], statuses: [] as number[], issued: 0 };
  const value: McpHttpAuth = {
    headersFor: async () => ({ authorization: `Bearer t${seen.issued}` }),
    onChallenge: async (challenge) => {
      seen.challenges.push(challenge);
      if (answer instanceof Error) throw answer;
      seen.issued++;
      return answer;
    },
    onResponse: (response) => seen.statuses.push(response.status),
  };
  return { value, seen };
}

/** An attempt answering the given statuses in turn, recording the headers it was given. */
function server(...statuses: number[]) {
  const sent: Array<Record<string, string>> = [];
  const discarded: number[] = [];
  let i = 0;
  const attempt = async (
    headers: Record<string, string>,
    observe: (reply: { status: number; header(name: string): string | undefined }) => void,
  ) => {
    sent.push(headers);
    const status = statuses[i++]!;
    observe({
      status,
      header: (name) => (name === 'www-authenticate' ? 'Bearer scope="x"' : undefined),
    });
    return status;
  };
  return { attempt, sent, discarded, discard: async (s: number) => void discarded.push(s) };
}

describe('exchangeWithAuth', () => {
  it('without auth makes one plain attempt', async () => {
    const s = server(401);
    await expect(exchangeWithAuth(undefined, 'POST', URL_, s.attempt)).resolves.toBe(401);
    expect(s.sent).toEqual([{}]);
  });

  it('retries once with fresh headers when the challenge is answered true', async () => {
    const a = auth(true);
    const s = server(401, 200);
    await expect(exchangeWithAuth(a.value, 'GET', URL_, s.attempt, s.discard)).resolves.toBe(200);
    expect(s.sent).toEqual([{ authorization: 'Bearer t0' }, { authorization: 'Bearer t1' }]);
    expect(s.discarded).toEqual([401]);
    expect(a.seen.challenges).toEqual([
      { status: 401, method: 'GET', url: URL_, wwwAuthenticate: 'Bearer scope="x"' },
    ]);
    expect(a.seen.statuses).toEqual([401, 200]);
  });

  it('retries only once: a second refusal is returned as is', async () => {
    const a = auth(true);
    const s = server(403, 403);
    await expect(exchangeWithAuth(a.value, 'POST', URL_, s.attempt)).resolves.toBe(403);
    expect(s.sent).toHaveLength(2);
    expect(a.seen.challenges).toHaveLength(1);
  });

  it('returns the refused reply unconsumed when the challenge is answered false', async () => {
    const a = auth(false);
    const s = server(401);
    await expect(exchangeWithAuth(a.value, 'POST', URL_, s.attempt, s.discard)).resolves.toBe(401);
    expect(s.discarded).toEqual([]);
  });

  it('rejects with the McpAuthError of the auth (never a call through)', async () => {
    const a = auth(new McpAuthError('no', 'iss_mismatch'));
    const s = server(401, 200);
    await expect(
      exchangeWithAuth(a.value, 'POST', URL_, s.attempt, s.discard),
    ).rejects.toMatchObject({
      code: 'iss_mismatch',
    });
    expect(s.sent).toHaveLength(1);
    expect(s.discarded).toEqual([401]);
  });

  it('hands a challenge seen by an attempt that threw, then retries', async () => {
    const a = auth(true);
    let calls = 0;
    const result = await exchangeWithAuth(a.value, 'GET', URL_, async (_headers, observe) => {
      observe({ status: calls === 0 ? 401 : 200, header: () => undefined });
      if (calls++ === 0) throw new Error('HTTP 401');
      return 'stream';
    });
    expect(result).toBe('stream');
    expect(a.seen.challenges).toHaveLength(1);
  });
});

describe('exchangeWithAuth without challenges (a DELETE while closing)', () => {
  it('sends the headers but never starts an authorization', async () => {
    const a = auth(true);
    const s = server(401);
    const result = await exchangeWithAuth(a.value, 'DELETE', URL_, s.attempt, s.discard, false);
    expect(result).toBe(401);
    expect(s.sent).toEqual([{ authorization: 'Bearer t0' }]);
    expect(a.seen.challenges).toEqual([]);
    expect(a.seen.statuses).toEqual([401]);
  });
});
