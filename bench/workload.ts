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
const ECHO_ARGUMENTS = JSON.stringify({ text: ECHO_TEXT });
const BODY_TAIL = `,"method":"tools/call","params":{"name":"echo","arguments":${ECHO_ARGUMENTS}}}`;
/** The same call of `echo_state`, an echo that also writes the session state (cluster bench). */
const STATE_BODY_TAIL = `,"method":"tools/call","params":{"name":"echo_state","arguments":${ECHO_ARGUMENTS}}}`;
const EXPECTED_CONTENT = `"content":[{"type":"text","text":${JSON.stringify(ECHO_TEXT)}}]`;

/** The 2026-07-28 revision of the stateless run. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** Extra headers of a stateless 2026-07-28 `tools/call echo` (SEP-2243: version, method, name). */
export const MODERN_HEADERS: Readonly<Record<string, string>> = {
  'mcp-protocol-version': MODERN_PROTOCOL_VERSION,
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};

const MODERN_BODY_TAIL = `,"method":"tools/call","params":{"name":"echo","arguments":${JSON.stringify(
  {
    text: ECHO_TEXT,
  },
)},"_meta":${JSON.stringify({
  'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'nestjs-mcp-bench', version: '0.0.0' },
})}}}`;

/** The `tools/call echo` body with a given JSON-RPC id (`modern`: with the 2026-07-28 `_meta`). */
export function toolsCallBody(id: number, modern = false): string {
  return BODY_HEAD + id + (modern ? MODERN_BODY_TAIL : BODY_TAIL);
}

/** The `tools/call echo_state` body with a given JSON-RPC id (see `bench/cluster-instance.ts`). */
export function stateCallBody(id: number): string {
  return BODY_HEAD + id + STATE_BODY_TAIL;
}

/**
 * Cheap check (no JSON.parse, it runs for every response) that a body is the echo result for `id`.
 */
export function isEchoResponse(body: string, id: number): boolean {
  return hasId(body, id) && body.includes(EXPECTED_CONTENT) && !body.includes('"error"');
}

/** True when a reply body carries `"id":<id>` (followed by `,` or `}`, whatever the key order). */
export function hasId(body: string, id: number): boolean {
  return body.includes(`"id":${id},`) || body.includes(`"id":${id}}`);
}

/** The `initialize` body of a 2025 session with a given JSON-RPC id. */
export function initializeBody(id: number): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'nestjs-mcp-bench', version: '0.0.0' },
    },
  });
}

/** The `notifications/initialized` body (no id: a notification). */
export const INITIALIZED_BODY = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

/** The `tools/list` body with a given JSON-RPC id. */
export function toolsListBody(id: number): string {
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":{}}`;
}

/**
 * Cheap check that a body is a `tools/list` result for `id` (not an error): a `result` member
 * (an error reply has none) and a tools array, both found near the start of a list's reply, so a
 * long list is not scanned to its end (a search for `"error"` read all of a 200-tool reply, about
 * 120 KB, in the load generator, which shares the machine with the server).
 */
export function isToolsListResponse(body: string, id: number): boolean {
  return hasId(body, id) && body.includes('"result":') && body.includes('"tools":[');
}

/** Cheap check that a body is an `initialize` result for `id`. */
export function isInitializeResponse(body: string, id: number): boolean {
  return hasId(body, id) && body.includes('"protocolVersion"') && !body.includes('"error"');
}
