/**
 * The autocannon request sequence of each {@link Workload}, with the check of every reply. Runs in
 * the load worker (no Nest or zod imports). A connection keeps its JSON-RPC id and the session id
 * of its latest `initialize` in autocannon's per-connection context.
 */
import type autocannon from 'autocannon';
import type { LoadJob, Workload } from './load-types.js';
import {
  INITIALIZED_BODY,
  PROTOCOL_VERSION,
  initializeBody,
  isEchoResponse,
  isInitializeResponse,
  isToolsListResponse,
  stateCallBody,
  toolsCallBody,
  toolsListBody,
} from './workload.js';

/** Called with a description of every reply that is not what the step expects. */
export type BadReply = (description: string) => void;

type Context = Record<string, unknown>;

function header(headers: Record<string, string | string[]>, wanted: string): string | undefined {
  for (const name in headers) {
    if (name.toLowerCase() === wanted) return String(headers[name]);
  }
  return undefined;
}

/** True when the reply is plain JSON (an SSE-upgraded reply would also contain the result). */
function isJson(headers: Record<string, string | string[]>): boolean {
  return header(headers, 'content-type')?.startsWith('application/json') ?? false;
}

function isSse(headers: Record<string, string | string[]>): boolean {
  return header(headers, 'content-type')?.startsWith('text/event-stream') ?? false;
}

/**
 * With `job.forwardedFor`, a function handing out a new client address on each call (distinct
 * across the runs of one process: the first octet is the run's number), else undefined.
 */
function clientAddresses(job: LoadJob): (() => string) | undefined {
  if (!job.forwardedFor) return undefined;
  const run = (Math.floor(job.idBase / 1_000_000_000) % 223) + 1;
  let n = 0;
  return () => {
    n = (n + 1) % 0x1000000;
    return `${run}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}

/**
 * Builds the request sequence of `job.workload`. `nextId` hands out unique JSON-RPC ids (several
 * connections share one session in the `echo` and `list` runs, so ids must never collide).
 */
export function requestsFor(
  job: LoadJob,
  nextId: () => number,
  bad: BadReply,
): autocannon.Request[] {
  const replyOk = job.acceptSse
    ? (headers: Record<string, string | string[]>) => isJson(headers) || isSse(headers)
    : isJson;
  const clients = clientAddresses(job);
  const forwarded = (context: Context): Record<string, string> =>
    context.address
      ? { ...job.headers, 'x-forwarded-for': context.address as string }
      : job.headers;
  const session = (context: Context): Record<string, string> => {
    const id = context.session as string | undefined;
    const headers = forwarded(context);
    return id
      ? { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': PROTOCOL_VERSION }
      : { ...headers, 'mcp-protocol-version': PROTOCOL_VERSION };
  };
  const json = (
    body: (id: number) => string,
    check: (body: string, id: number) => boolean,
    // A fresh object per request: autocannon writes Content-Length into the headers it is given.
    headers: (context: Context) => Record<string, string> = () => ({ ...job.headers }),
  ): autocannon.Request => ({
    method: 'POST',
    setupRequest: (request, context) => {
      const id = nextId();
      context.id = id;
      request.headers = headers(context);
      request.body = body(id);
      return request;
    },
    onResponse: (status, reply, context, replyHeaders) => {
      if (status === 200 && replyOk(replyHeaders) && check(reply, context.id as number)) return;
      bad(`HTTP ${status}: ${reply.slice(0, 300)}`);
    },
  });
  const echo = (headers?: (context: Context) => Record<string, string>) =>
    json((id) => toolsCallBody(id, job.modern), isEchoResponse, headers);
  const initialize: autocannon.Request = {
    ...json(initializeBody, isInitializeResponse, (context) => {
      if (clients) context.address = clients();
      return { ...forwarded(context) };
    }),
    onResponse: (status, reply, context, replyHeaders) => {
      context.session = header(replyHeaders, 'mcp-session-id');
      if (
        status === 200 &&
        replyOk(replyHeaders) &&
        isInitializeResponse(reply, context.id as number)
      )
        return;
      bad(`initialize: HTTP ${status}: ${reply.slice(0, 300)}`);
    },
  };
  const initialized: autocannon.Request = {
    method: 'POST',
    setupRequest: (request, context) => {
      request.headers = session(context);
      request.body = INITIALIZED_BODY;
      return request;
    },
    onResponse: (status, reply) => {
      if (status === 202 || status === 200 || status === 204) return;
      bad(`notifications/initialized: HTTP ${status}: ${reply.slice(0, 300)}`);
    },
  };
  const end: autocannon.Request = {
    method: 'DELETE',
    setupRequest: (request, context) => {
      // No body, so no content type (Fastify refuses an empty JSON body with 400).
      const { 'content-type': _type, ...headers } = session(context);
      request.headers = headers;
      request.body = undefined;
      return request;
    },
    onResponse: (status, reply) => {
      if (status >= 200 && status < 300) return;
      bad(`DELETE: HTTP ${status}: ${reply.slice(0, 300)}`);
    },
  };
  const handshake = () => [
    initialize,
    initialized,
    json(toolsListBody, isToolsListResponse, session),
    echo(session),
  ];
  const sequences: Record<Workload, () => autocannon.Request[]> = {
    echo: () => [echo()],
    list: () => [json(toolsListBody, isToolsListResponse)],
    handshake,
    'handshake-delete': () => [...handshake(), end],
    'session-cycle': () => [initialize, initialized, echo(session), end],
    'echo-state': () => [json(stateCallBody, isEchoResponse)],
  };
  return sequences[job.workload ?? 'echo']();
}
