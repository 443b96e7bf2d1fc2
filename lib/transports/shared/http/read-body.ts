import type { IncomingMessage } from 'node:http';
import type { McpError } from '../../../errors/mcp.error.js';
import { ErrorCode } from '../../../protocol/error-codes.js';
import { parseJson } from '../../../protocol/json-rpc.js';
import { HttpRefusal } from './http-refusal.js';

/** Default bound on an incoming HTTP body (4 MiB), shared by Streamable HTTP and HTTP+SSE. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The request body exceeded the configured limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
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

/**
 * Reads a request body as UTF-8 text, refusing more than `limit` bytes (checked against
 * `Content-Length` first, then while streaming, so an oversized body is never buffered whole)
 * and, with `timeoutMs`, a body that has not fully arrived by then (BodyTimeoutError).
 */
export function readBody(req: IncomingMessage, limit: number, timeoutMs?: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(new BodyTooLargeError(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            cleanup();
            reject(new BodyTimeoutError(timeoutMs));
          }, timeoutMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume();
        reject(new BodyTooLargeError(limit));
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
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** The body-read timeout of {@link readJsonBody}, and who counts the timeouts. */
export interface BodyTimeout {
  /** Most ms the whole body may take to arrive. */
  readonly timeoutMs: number;
  /** Called once per body that timed out. */
  readonly onTimeout?: () => void;
}

const CLOSE: Readonly<Record<string, string>> = Object.freeze({ connection: 'close' });

/**
 * Reads and parses a JSON body under a size limit: 413 with `Connection: close` when larger, 400 + `-32700` when not JSON,
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
  if (parsedBody !== undefined) return parsedBody;
  let text: string;
  try {
    text = await readBody(req, limit, timeout?.timeoutMs);
  } catch (error) {
    // Both close the connection after the answer: the rest of the body is never read.
    if (error instanceof BodyTooLargeError) {
      throw new HttpRefusal(413, ErrorCode.InvalidRequest, error.message, null, CLOSE);
    }
    if (error instanceof BodyTimeoutError) {
      timeout?.onTimeout?.();
      throw new HttpRefusal(408, ErrorCode.InvalidRequest, error.message, null, CLOSE);
    }
    throw error;
  }
  try {
    return parseJson(text);
  } catch (error) {
    throw new HttpRefusal(400, ErrorCode.ParseError, (error as McpError).message);
  }
}
