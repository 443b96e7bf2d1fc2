/**
 * Sends a fixed number of handshakes (or of `initialize` requests alone) over keep-alive
 * connections, a few in flight, checking every reply: a count, not a rate, for the
 * instruction-count bench (`bench/instructions.ts`), beside the calls of `keepalive-calls.ts`.
 *
 * - `mcp`: `initialize` → `notifications/initialized` → `tools/list` → `tools/call echo` →
 *   `DELETE` on a fresh session (the five trips of `npm run bench`'s handshake phase);
 * - `bare`: the first four trips to a baseline (bare Nest route, raw echo), no session;
 * - `initialize`: `initialize` alone; the session ids are returned so that the caller ends them
 *   after the counted window ({@link endSessions}).
 *
 * A trip whose keep-alive connection was reset under it is sent again on a fresh connection, as
 * in `keepalive-calls.ts`.
 */
import { Agent } from 'node:http';
import { isReset, MAX_RESENDS, sendRequest, type Reply } from './keepalive-calls.js';
import {
  BASE_HEADERS,
  INITIALIZED_BODY,
  PROTOCOL_VERSION,
  initializeBody,
  isEchoResponse,
  isInitializeResponse,
  isToolsListResponse,
  toolsCallBody,
  toolsListBody,
} from './workload.js';

/** What each unit of work is: see the file comment. */
export type HandshakeKind = 'mcp' | 'bare' | 'initialize';

/** How the handshakes are sent. */
export interface Handshakes {
  url: string;
  kind: HandshakeKind;
  /** Handshakes (or `initialize` requests) to send in all. */
  count: number;
  /** Handshakes in flight at once (each lane runs its share one after another). */
  concurrency: number;
  /**
   * Keep-alive connections to go on with (the caller destroys the agent); by default the batch
   * opens its own and closes them at its end.
   */
  agent?: Agent;
}

/** What a batch of handshakes left: trips resent, and the sessions `initialize` alone opened. */
export interface HandshakesDone {
  resent: number;
  sessions: string[];
}

/** One trip: method, body, the check of its reply. */
interface Trip {
  name: string;
  method: 'POST' | 'DELETE';
  body?: (id: number) => string;
  ok: (reply: Reply, id: number) => boolean;
}

const is200 = (check: (body: string, id: number) => boolean) => (reply: Reply, id: number) =>
  reply.status === 200 && check(reply.body, id);

const INITIALIZE: Trip = {
  name: 'initialize',
  method: 'POST',
  body: initializeBody,
  ok: is200(isInitializeResponse),
};
const INITIALIZED: Trip = {
  name: 'notifications/initialized',
  method: 'POST',
  body: () => INITIALIZED_BODY,
  ok: (reply) => reply.status === 202 || reply.status === 200 || reply.status === 204,
};
const LIST: Trip = {
  name: 'tools/list',
  method: 'POST',
  body: toolsListBody,
  ok: is200(isToolsListResponse),
};
const CALL: Trip = {
  name: 'tools/call',
  method: 'POST',
  body: (id) => toolsCallBody(id),
  ok: is200(isEchoResponse),
};
const DELETE: Trip = {
  name: 'DELETE',
  method: 'DELETE',
  ok: (reply) => reply.status >= 200 && reply.status < 300,
};

const TRIPS: Record<HandshakeKind, Trip[]> = {
  mcp: [INITIALIZE, INITIALIZED, LIST, CALL, DELETE],
  bare: [INITIALIZE, INITIALIZED, LIST, CALL],
  initialize: [INITIALIZE],
};

/** The headers of a trip: the session's once `initialize` gave one (DELETE: no content type). */
function headersOf(trip: Trip, session: string | undefined): Record<string, string> {
  const base: Record<string, string> =
    trip.method === 'DELETE' ? { accept: BASE_HEADERS.accept! } : { ...BASE_HEADERS };
  if (session === undefined) return base;
  return { ...base, 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL_VERSION };
}

/**
 * Sends `work.count` handshakes of `work.kind` and resolves once every reply has come back.
 * @throws Error on the first reply a trip does not expect, or a trip reset too often.
 */
export async function sendHandshakes(work: Handshakes): Promise<HandshakesDone> {
  const url = new URL(work.url);
  const lanes = Math.max(1, Math.min(work.concurrency, work.count));
  const agent = work.agent ?? new Agent({ keepAlive: true, maxSockets: lanes });
  const trips = TRIPS[work.kind];
  const sessions: string[] = [];
  let next = 0;
  let id = 0;
  let resent = 0;
  const trip = async (step: Trip, session: string | undefined): Promise<Reply> => {
    const requestId = ++id;
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await sendRequest(
          agent,
          url,
          headersOf(step, session),
          step.body?.(requestId),
          step.method,
        );
        if (!step.ok(reply, requestId)) {
          throw new Error(
            `${step.name} to ${work.url}: HTTP ${reply.status}: ${reply.body.slice(0, 300)}`,
          );
        }
        return reply;
      } catch (error) {
        if (!isReset(error) || attempt >= MAX_RESENDS) throw error;
        resent += 1;
      }
    }
  };
  const lane = async (): Promise<void> => {
    while (next < work.count) {
      next += 1;
      let session: string | undefined;
      for (const step of trips) {
        const reply = await trip(step, session);
        if (step === INITIALIZE) session = reply.sessionId;
      }
      if (work.kind === 'initialize' && session !== undefined) sessions.push(session);
    }
  };
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    if (work.agent === undefined) agent.destroy();
  }
  return { resent, sessions };
}

/**
 * Ends the sessions a batch of `initialize` requests opened (`DELETE` each, a few at a time), on
 * `shared`'s connections when given (the caller destroys it), else on connections of its own.
 */
export async function endSessions(url: string, sessions: string[], shared?: Agent): Promise<void> {
  const agent = shared ?? new Agent({ keepAlive: true, maxSockets: 4 });
  const target = new URL(url);
  let next = 0;
  const lane = async () => {
    while (next < sessions.length) {
      const session = sessions[next++];
      const reply = await sendRequest(
        agent,
        target,
        headersOf(DELETE, session),
        undefined,
        'DELETE',
      );
      if (!DELETE.ok(reply, 0)) throw new Error(`DELETE of ${session}: HTTP ${reply.status}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: 4 }, lane));
  } finally {
    if (shared === undefined) agent.destroy();
  }
}
