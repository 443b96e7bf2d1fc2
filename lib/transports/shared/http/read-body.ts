import type { IncomingMessage } from 'node:http';
import type { McpError } from '../../../errors/mcp.error.js';
import { ErrorCode } from '../../../protocol/error-codes.js';
import { parseJson } from '../../../protocol/json-rpc.js';
import { HttpRefusal } from './http-refusal.js';
import { sharedTimeouts } from '../../../engine/shared-timeouts.js';

/** Default bound on an incoming HTTP body (4 MiB), shared by Streamable HTTP and HTTP+SSE. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The request body exceeded the configured limit. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly limit: number,
    /** Settles once the rest of the body was read and dropped, or its connection cut. */
    readonly discarded: Promise<void> = Promise.resolve(),
  ) {
    super(`Request body exceeds ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The request body did not arrive within the body-read timeout (a slow or stalled client). */
export class BodyTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Request body not received within ${timeoutMs} ms`);
    this.name = 'BodyTimeoutError';
  }
}

/** Default of the body-read timeout (`bodyTimeoutMs`): 30 s. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/** Least a refused body may still send, read and dropped, before its connection is cut. */
const MIN_DISCARD_BYTES = 1024 * 1024;

/**
 * Reads and drops the rest of a refused body so the refusal (413) is delivered: closing a socket
 * with unread bytes makes the kernel send a reset, and a client still sending (or not reading
 * until it is done, like most) then loses the answer. Past `max(1 MiB, 4 × limit)` bytes or
 * `timeoutMs` the connection is cut, long after the answer went out. Settles when either
 * happened: the answer (`Connection: close`) ends then, with nothing unread.
 */
function discardRest(
  req: IncomingMessage,
  limit: number,
  timeoutMs = DEFAULT_BODY_TIMEOUT_MS,
): Promise<void> {
  const cap = Math.max(MIN_DISCARD_BYTES, 4 * limit);
  let discarded = 0;
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const cut = () => {
    stop();
    req.socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > cap) cut();
  };
  const timer = setTimeout(cut, timeoutMs);
  timer.unref();
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', stop);
    req.off('close', stop);
    settle();
  };
  req.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
  return settled;
}

/**
 * Reads a request body as UTF-8 text, refusing more than `limit` bytes (checked against
 * `Content-Length` first, then while streaming, so an oversized body is never buffered whole;
 * the rest of it is drained, see `discardRest`)
 * and, with `timeoutMs`, a body that has not fully arrived by then (BodyTimeoutError).
 */
export function readBody(req: IncomingMessage, limit: number, timeoutMs?: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new BodyTooLargeError(limit, discardRest(req, limit, timeoutMs)));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // On the process's shared timer of the duration: no timer object per request.
    const timeout =
      timeoutMs === undefined
        ? undefined
        : sharedTimeouts(timeoutMs).start({
            timedOut: () => {
              cleanup();
              reject(new BodyTimeoutError(timeoutMs));
            },
          });
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        reject(new BodyTooLargeError(limit, discardRest(req, limit, timeoutMs)));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      timeout?.cancel();
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * The whole body as UTF-8 text when it is all in the request's buffer and nothing has read from it
 * yet (the usual small JSON POST, parsed by Node together with its headers): taken from the
 * stream's buffer at once, with no listener, timer, closure or promise per request. The body is
 * whole once the request is `complete`, or once its buffer holds the `Content-Length` it declared:
 * a listener in front of the router reads it one microtask after its headers, when Node pushed
 * the packet's body but not yet the message's end. Undefined otherwise, and when the buffer is
 * over `limit` ({@link readBody} then refuses it and drops the rest).
 */
export function bufferedBody(req: IncomingMessage, limit: number): string | undefined {
  if (req.readableFlowing !== null || req.readableEnded || req.destroyed) return undefined;
  if (req.readableLength > limit) return undefined;
  if (req.complete !== true && !declaredBodyBuffered(req)) return undefined;
  // Paused: read() hands over the whole buffer (and ends the stream once its end was pushed).
  const whole = req.read() as Buffer | string | null;
  // Its end not pushed yet: flowing, the stream takes it when it comes and still ends and closes.
  if (req.complete !== true) req.resume();
  if (whole === null) return '';
  return typeof whole === 'string' ? whole : whole.toString('utf8');
}

/**
 * True when the request's buffer holds as many bytes (at least one) as its `Content-Length`.
 * Compared as text: the header is a fresh string each request, and converting it to a number
 * goes to V8's runtime while a small count's text comes from its number-string cache. A length
 * written otherwise (leading zeros) only misses this shortcut: the body is then read as it comes.
 */
function declaredBodyBuffered(req: IncomingMessage): boolean {
  const buffered = req.readableLength;
  return buffered > 0 && req.headers['content-length'] === String(buffered);
}

/** Settled once: what {@link afterBodyTurn} waits on. */
const BODY_TURN: Promise<void> = Promise.resolve();

/**
 * Runs `serve` at once when `req` is complete, else one microtask later. Code called as Node
 * emits `'request'` (a listener in front of the router, Fastify's content-type parser) runs before
 * Node parsed the body that came in the same packet; a turn later that body is in the request's
 * buffer and {@link readyJsonBody} takes it without a wait: one promise and one job per POST,
 * instead of {@link readJsonBody}'s async frame and the promises chained on it. A body still on
 * its way is read by {@link readJsonBody} as before.
 */
export function afterBodyTurn(req: IncomingMessage, serve: () => void): void {
  if (req.complete) serve();
  else void BODY_TURN.then(serve);
}

/** The body-read timeout of {@link readJsonBody}, and who counts the timeouts. */
export interface BodyTimeout {
  /** Most ms the whole body may take to arrive. */
  readonly timeoutMs: number;
  /** Called once per body that timed out. */
  readonly onTimeout?: () => void;
}

const CLOSE: Readonly<Record<string, string>> = Object.freeze({ connection: 'close' });

/** {@link readyJsonBody}'s answer when the body is not there yet: {@link readJsonBody} reads it. */
export const BODY_PENDING: unique symbol = Symbol.for('nestjs-mcp:body-pending');

/**
 * {@link readJsonBody} without a wait, where it needs none: the body a framework parsed, or one
 * complete in the request's buffer ({@link bufferedBody}), parsed (400 + `-32700` when not JSON);
 * else {@link BODY_PENDING}.
 */
export function readyJsonBody(req: IncomingMessage, limit: number, parsedBody?: unknown): unknown {
  if (parsedBody !== undefined) return parsedBody;
  const text = bufferedBody(req, limit);
  return text === undefined ? BODY_PENDING : parseBody(text);
}

function parseBody(text: string): unknown {
  try {
    return parseJson(text);
  } catch (error) {
    throw new HttpRefusal(400, ErrorCode.ParseError, (error as McpError).message);
  }
}

/**
 * Reads and parses a JSON body under a size limit: 413 with `Connection: close` when larger (the
 * answer ends once the rest of the body was read and dropped, up to a bound, so the client gets
 * it), 400 + `-32700` when not JSON,
 * and with `timeout`, 408 with `Connection: close` when the body is not complete in time (the
 * socket is closed after the answer, so a trickling client holds nothing). `parsedBody` is the
 * body when a framework already parsed it (then nothing is read).
 */
export async function readJsonBody(
  req: IncomingMessage,
  limit: number,
  parsedBody?: unknown,
  timeout?: BodyTimeout,
): Promise<unknown> {
  const ready = readyJsonBody(req, limit, parsedBody);
  if (ready !== BODY_PENDING) return ready;
  // A listener in front of the router runs before Node parsed the rest of the packet that carried
  // the headers: one microtask later a small body is in the buffer too (see bufferedBody).
  if (!req.complete) await undefined;
  let text: string;
  try {
    text = bufferedBody(req, limit) ?? (await readBody(req, limit, timeout?.timeoutMs));
  } catch (error) {
    // Both close the connection after the answer. 413: the answer is written at once and ends
    // once the rest of the body was read and dropped (bounded), so no reset loses it.
    if (error instanceof BodyTooLargeError) {
      const refusal = new HttpRefusal(413, ErrorCode.InvalidRequest, error.message, null, CLOSE);
      refusal.endAfter = error.discarded;
      throw refusal;
    }
    if (error instanceof BodyTimeoutError) {
      timeout?.onTimeout?.();
      throw new HttpRefusal(408, ErrorCode.InvalidRequest, error.message, null, CLOSE);
    }
    throw error;
  }
  return parseBody(text);
}
