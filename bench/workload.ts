/**
 * The request both apps answer: a JSON-RPC `tools/call` of `echo` with a fixed text. Shared by the
 * load worker (no Nest or zod imports here, to keep the worker light).
 */

/** The text every request echoes. */
export const ECHO_TEXT = 'hello from the nestjs-mcp bench';

/** The MCP protocol revision announced on every request after `initialize`. */
export const PROTOCOL_VERSION = '2025-11-25';

/** Header values autocannon sends to both targets (plus per-target extras such as the session). */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

const BODY_HEAD = '{"jsonrpc":"2.0","id":';
const BODY_TAIL = `,"method":"tools/call","params":{"name":"echo","arguments":${JSON.stringify({
  text: ECHO_TEXT,
})}}}`;
const EXPECTED_CONTENT = `"content":[{"type":"text","text":${JSON.stringify(ECHO_TEXT)}}]`;

/** The `tools/call echo` body with a given JSON-RPC id. */
export function toolsCallBody(id: number): string {
  return BODY_HEAD + id + BODY_TAIL;
}

/**
 * Cheap check (no JSON.parse, it runs for every response) that a body is the echo result for `id`.
 */
export function isEchoResponse(body: string, id: number): boolean {
  return (
    body.includes(`"id":${id},`) && body.includes(EXPECTED_CONTENT) && !body.includes('"error"')
  );
}
