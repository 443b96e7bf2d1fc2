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
  const session = (context: Context): Record<string, string> => {
    const id = context.session as string | undefined;
    return id
      ? { ...job.headers, 'mcp-session-id': id, 'mcp-protocol-version': PROTOCOL_VERSION }
      : { ...job.headers, 'mcp-protocol-version': PROTOCOL_VERSION };
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
    ...json(initializeBody, isInitializeResponse),
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
  const sequences: Record<Workload, () => autocannon.Request[]> = {
    echo: () => [echo()],
    list: () => [json(toolsListBody, isToolsListResponse)],
    handshake: () => [
      initialize,
      initialized,
      json(toolsListBody, isToolsListResponse, session),
      echo(session),
    ],
    'session-cycle': () => [
      initialize,
      initialized,
      echo(session),
      {
        method: 'DELETE',
        setupRequest: (request, context) => {
          request.headers = session(context);
          request.body = undefined;
          return request;
        },
        onResponse: (status, reply) => {
          if (status >= 200 && status < 300) return;
          bad(`DELETE: HTTP ${status}: ${reply.slice(0, 300)}`);
        },
      },
    ],
  };
  return sequences[job.workload ?? 'echo']();
}
