/**
 * Sends a fixed number of `tools/call echo` requests (`bench/workload.ts`) over keep-alive
 * connections, a few in flight, checking every reply: a count, not a rate, for the
 * instruction-count bench (`bench/instructions.ts`).
 *
 * Each batch opens its own connections (a fresh `node:http` agent, destroyed at the end), so no
 * socket left idle between two batches (while callgrind dumps, or a full GC runs) is reused after
 * the server's keep-alive timeout closed it; or, given an `agent`, goes on on the caller's
 * connections and leaves them open (a window that continues its settle batch on the same
 * sockets, with nothing idle in between). A call whose connection is reset before its reply
 * (`ECONNRESET`, `EPIPE`: the server closed a keep-alive socket as the request went out) is sent
 * again on a fresh connection, a few times at most; the batch reports how many were resent.
 * {@link retryOnReset} does the same for another request (the session's `initialize`).
 */
import { Agent, request } from 'node:http';
import { isEchoResponse, toolsCallBody } from './workload.js';

/** How the calls are sent. */
export interface EchoCalls {
  url: string;
  headers: Record<string, string>;
  /** The 2026-07-28 body (with `_meta`) instead of the 2025 one. */
  modern: boolean;
  /** Requests to send in all. */
  count: number;
  /** Requests in flight at once (each lane sends its share one after another). */
  concurrency: number;
  /**
   * The connections to send on, kept open afterwards for the caller's next batch (the caller
   * destroys the agent); by default the batch opens its own and closes them at its end.
   */
  agent?: Agent;
}

/** Times one call is resent after its connection was reset. */
export const MAX_RESENDS = 3;

/**
 * Error codes of a connection the server closed under a request (safe to resend an echo), from
 * `node:http` or from `fetch` (undici: `UND_ERR_SOCKET`, "other side closed").
 */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'UND_ERR_SOCKET']);

/** A reply read whole: status, body, and the session id it carried, if any. */
export interface Reply {
  status: number;
  body: string;
  sessionId?: string;
}

/** One request on `agent`'s keep-alive connections (`body` undefined: none, as for DELETE). */
export function sendRequest(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  body: string | undefined,
  method = 'POST',
) {
  return new Promise<Reply>((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': Buffer.byteLength(body) };
    const req = request(url, { method, agent, headers: { ...headers, ...length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const sessionId = res.headers['mcp-session-id'];
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          ...(typeof sessionId === 'string' && { sessionId }),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** True when `error` (or what `fetch` wraps in its `cause`, a level or two down) is a reset. */
export function isReset(error: unknown, depth = 0): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && RESET_CODES.has(code)) return true;
  return depth < 2 && cause !== undefined && isReset(cause, depth + 1);
}

/**
 * Runs `attempt` again, a few times at most, when the connection it used was reset under it (a
 * keep-alive socket the server closed as the request went out); any other error, or a reset
 * that persists (a server that died), is thrown. For requests safe to repeat (opening a session:
 * a second `initialize` only opens another one).
 */
export async function retryOnReset<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isReset(error) || tries >= MAX_RESENDS) throw error;
    }
  }
}

/**
 * Sends `calls.count` echo calls and resolves once every reply has come back, with the number of
 * calls resent after a reset connection.
 * @throws Error on the first reply that is not a 200 echo result, or a call reset too often.
 */
export async function sendEchoCalls(calls: EchoCalls): Promise<number> {
  const url = new URL(calls.url);
  const lanes = Math.max(1, Math.min(calls.concurrency, calls.count));
  const agent = calls.agent ?? new Agent({ keepAlive: true, maxSockets: lanes });
  let next = 0;
  let resent = 0;
  const send = async (id: number): Promise<Reply> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await sendRequest(agent, url, calls.headers, toolsCallBody(id, calls.modern));
      } catch (error) {
        if (!isReset(error) || attempt >= MAX_RESENDS) throw error;
        resent += 1;
      }
    }
  };
  const lane = async (): Promise<void> => {
    while (next < calls.count) {
      const id = ++next;
      const { status, body } = await send(id);
      if (status !== 200 || !isEchoResponse(body, id)) {
        throw new Error(`call ${id} to ${calls.url}: HTTP ${status}: ${body.slice(0, 300)}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    if (calls.agent === undefined) agent.destroy();
  }
  return resent;
}
