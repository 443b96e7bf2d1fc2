/**
 * The JSON-RPC work of both baselines without MCP (the bare Nest route of `bench/apps.ts` and the
 * raw `node:http` echo of `bench/raw-node-echo.ts`): validate a `tools/call` of `echo` with the
 * same zod schema as the MCP app's tool, answer; and the handshake's other three round trips
 * (`initialize`, `notifications/initialized` with 202, `tools/list`) with fixed results.
 */
import { z } from 'zod';

/** The echo tool's arguments, shared by every app so they validate with the same zod schema. */
export const echoShape = { text: z.string().describe('Text to echo') };
const echoArguments = z.object(echoShape);

type JsonRpcId = string | number | null;

/** A baseline's answer: the HTTP status and the JSON body (`''` for the 202 of a notification). */
export interface BareAnswer {
  status: number;
  body: unknown;
}

function rpcError(id: JsonRpcId, code: number, message: string): BareAnswer {
  return { status: 200, body: { jsonrpc: '2.0', id, error: { code, message } } };
}

function rpcResult(id: JsonRpcId, result: unknown): BareAnswer {
  return { status: 200, body: { jsonrpc: '2.0', id, result } };
}

const BARE_INITIALIZE_RESULT = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'bare-bench', version: '0.0.0' },
};
const BARE_TOOLS_LIST_RESULT = {
  tools: [
    {
      name: 'echo',
      description: 'Echoes the given text back',
      inputSchema: z.toJSONSchema(echoArguments),
      annotations: { readOnlyHint: true },
    },
  ],
};

/** Answers one parsed JSON-RPC message as the baselines do (no MCP, no session). */
export function answerBareRpc(body: unknown): BareAnswer {
  const message = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  if (message.method === 'initialize') return rpcResult(id, BARE_INITIALIZE_RESULT);
  if (message.method === 'tools/list') return rpcResult(id, BARE_TOOLS_LIST_RESULT);
  if (message.method === 'notifications/initialized') return { status: 202, body: '' };
  const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
  if (message.jsonrpc !== '2.0' || message.method !== 'tools/call' || params?.name !== 'echo') {
    return rpcError(id, -32600, 'Expected a tools/call of echo');
  }
  const parsed = echoArguments.safeParse(params.arguments ?? {});
  if (!parsed.success) return rpcError(id, -32602, parsed.error.message);
  return rpcResult(id, { content: [{ type: 'text', text: parsed.data.text }] });
}
