import type { McpHttpAuth } from '../../../../../lib/client/auth/http-auth.interface.js';
import { exchangeWithAuth } from '../../../../../lib/transports/shared/http/auth-exchange.js';

const url = new URL('https://rs.example/mcp');

/** An attempt answering the given statuses in turn (the last one repeats); counts its calls. */
function server(statuses: number[]) {
  const sent: Array<Record<string, string>> = [];
  const attempt = async (
    headers: Record<string, string>,
    observe: (reply: { status: number; header(name: string): string | undefined }) => void,
  ) => {
    sent.push(headers);
    const status = statuses[Math.min(sent.length - 1, statuses.length - 1)]!;
    observe({ status, header: () => (status === 401 ? 'Bearer' : undefined) });
    return status;
  };
  return { attempt, sent };
}

/** An auth that always asks for a retry and numbers its headers. */
function retryingAuth() {
  let n = 0;
  const challenges: number[] = [];
  const auth: McpHttpAuth = {
    headersFor: () => Promise.resolve({ authorization: `Bearer t${n++}` }),
    onChallenge: (challenge) => {
      challenges.push(challenge.status);
      return Promise.resolve(true);
    },
  };
  return { auth, challenges };
}

describe('exchangeWithAuth', () => {
  it('retries with fresh headers after a challenge (authorize, then a DPoP nonce)', async () => {
    const { auth, challenges } = retryingAuth();
    const { attempt, sent } = server([401, 401, 200]);
    expect(await exchangeWithAuth(auth, 'POST', url, attempt)).toBe(200);
    expect(sent.map((h) => h.authorization)).toEqual(['Bearer t0', 'Bearer t1', 'Bearer t2']);
    expect(challenges).toEqual([401, 401]);
  });

  it('sends one request at most three times, whatever the auth says (no loop)', async () => {
    const { auth, challenges } = retryingAuth();
    const { attempt, sent } = server([401]);
    expect(await exchangeWithAuth(auth, 'POST', url, attempt)).toBe(401);
    expect(sent).toHaveLength(3);
    expect(challenges).toHaveLength(2);
  });

  it('without auth it is one plain attempt', async () => {
    const { attempt, sent } = server([401]);
    expect(await exchangeWithAuth(undefined, 'POST', url, attempt)).toBe(401);
    expect(sent).toEqual([{}]);
  });
});
