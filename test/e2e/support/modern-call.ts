import { postJson, rpcMessages } from './raw-http.js';

const MODERN = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';
let nextId = 1;

/** Who sends a {@link modernRequest} and whether it declares the tasks extension. */
export interface ModernCallOptions {
  /** The principal (`x-user` header). Default `'alice'`. */
  user?: string;
  /** Declare `io.modelcontextprotocol/tasks` in the client capabilities. Default true. */
  tasks?: boolean;
}

/** The JSON-RPC result or error of one request. */
export interface Answer {
  status: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * One 2026-07-28 request (client capabilities with elicitation and the tasks extension) and its
 * SEP-2243 headers; `x-user` names the principal for apps that read it.
 */
export function modernRequest(
  method: string,
  params: Record<string, unknown>,
  { user = 'alice', tasks = true }: ModernCallOptions = {},
) {
  const name = (params.name ?? params.taskId) as string | undefined;
  return {
    body: {
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': {
            elicitation: {},
            ...(tasks && { extensions: { [TASKS]: {} } }),
          },
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
        },
      },
    },
    headers: {
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name !== undefined && { 'mcp-name': name }),
      'x-user': user,
    },
  };
}

/** Posts a {@link modernRequest} to `url`; resolves to its answer. */
export async function modernCall(
  url: URL,
  method: string,
  params: Record<string, unknown>,
  options: ModernCallOptions = {},
): Promise<Answer> {
  const { body, headers } = modernRequest(method, params, options);
  const response = await postJson(url, body, headers);
  const message = rpcMessages(response).find((m) => 'result' in m || 'error' in m);
  return { status: response.status, ...(message as object) };
}
