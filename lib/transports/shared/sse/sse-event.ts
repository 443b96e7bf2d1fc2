/**
 * Server-Sent Events wire framing (WHATWG HTML "Server-sent events", `text/event-stream`).
 *
 * An event is a block of `field: value` lines closed by one blank line. The parser strips exactly one space after
 * the colon, so we always write `field: value` and a value that itself starts with a space survives unchanged.
 */

/** One event to put on an SSE stream. Every field is optional; absent fields are not written. */
export interface SseEvent {
  /** `id:` field, the client's next `Last-Event-ID`. Must not contain CR, LF or NUL. `''` resets the client's id. */
  id?: string;
  /** `event:` field (event type). Must not contain CR or LF. Absent means the client's default, `message`. */
  event?: string;
  /**
   * Payload. Split on CRLF, CR or LF into one `data:` line per line, so the client rebuilds it with `\n` line
   * breaks. `''` still writes one `data: ` line: that is the MCP priming event `id: X\ndata: \n\n`.
   */
  data?: string;
  /** `retry:` field: reconnection delay in milliseconds, a non-negative safe integer. */
  retry?: number;
}

const LINE_BREAK = /\r\n|\r|\n/;

function assertSingleLine(field: string, value: string): void {
  if (value.includes('\r') || value.includes('\n')) {
    throw new TypeError(`SSE "${field}" must not contain CR or LF`);
  }
}

/**
 * Encodes one SSE event as text, terminating blank line included.
 *
 * Fields are written in the order `id`, `event`, `retry`, `data`.
 *
 * @throws TypeError when `id` or `event` contains CR/LF (or `id` contains NUL, which clients silently ignore).
 *   Line breaks there would let a value inject extra fields or events, so they are rejected rather than escaped.
 * @throws RangeError when `retry` is not a non-negative safe integer.
 */
export function encodeSseEvent(e: SseEvent): string {
  let out = '';
  if (e.id !== undefined) {
    assertSingleLine('id', e.id);
    if (e.id.includes('\0')) throw new TypeError('SSE "id" must not contain NUL');
    out += `id: ${e.id}\n`;
  }
  if (e.event !== undefined) {
    assertSingleLine('event', e.event);
    out += `event: ${e.event}\n`;
  }
  if (e.retry !== undefined) {
    if (!Number.isSafeInteger(e.retry) || e.retry < 0) {
      throw new RangeError(`SSE "retry" must be a non-negative integer, got ${String(e.retry)}`);
    }
    out += `retry: ${e.retry}\n`;
  }
  if (e.data !== undefined) {
    for (const line of e.data.split(LINE_BREAK)) out += `data: ${line}\n`;
  }
  return `${out}\n`;
}

/**
 * Encodes an SSE comment (ignored by clients; used for keep-alives), one `: ` line per line of `text`, followed by
 * a blank line. `encodeSseComment('keepalive')` is `': keepalive\n\n'`.
 */
export function encodeSseComment(text: string): string {
  let out = '';
  for (const line of text.split(LINE_BREAK)) out += `: ${line}\n`;
  return `${out}\n`;
}

/**
 * The event that carries one JSON-RPC message on every MCP SSE stream (Streamable HTTP and the
 * legacy HTTP+SSE transport): `event: message`, the message's JSON text (from `encodeMessage`)
 * as data, and its id if any.
 */
export function messageEvent(json: string, id?: string): SseEvent {
  return { id, event: 'message', data: json };
}
