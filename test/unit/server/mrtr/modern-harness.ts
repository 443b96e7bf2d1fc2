import type { JsonRpcPeer } from '../../../../lib/engine/json-rpc-peer.js';
import type { MessageExtra } from '../../../../lib/engine/session-message.interface.js';
import type { TransportKind } from '../../../../lib/engine/transport-info.interface.js';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import type { RequestScope } from '../../../../lib/server/context/request-scope.interface.js';
import type { HandlerHost } from '../../../../lib/server/handlers/method-handler.interface.js';
import { createServedMethods } from '../../../../lib/server/handlers/served-methods.js';
import type { McpServer } from '../../../../lib/server/mcp-server.js';

const SERVED = createServedMethods();

/** A peer that fails the test when the modern era tries to send a server → client request. */
const noRequestsPeer = {
  notify: () => undefined,
  request: () => {
    throw new Error('the 2026-07-28 era sends no server-to-client requests');
  },
} as unknown as JsonRpcPeer<MessageExtra>;

/** How a 2026-07-28 request is made: client capabilities, principal, transport. */
export interface ModernCallOptions {
  capabilities?: Record<string, unknown>;
  principal?: string;
  transport?: TransportKind;
  host?: HandlerHost;
  /** The request's cancellation signal. */
  signal?: AbortSignal;
}

/** The outcome of one modern request: its result or its JSON-RPC error. */
export type ModernOutcome =
  | { result: Record<string, unknown>; error?: undefined }
  | { error: ReturnType<McpError['toJson']>; result?: undefined };

/**
 * Serves one 2026-07-28 request the way the stateless dispatch does: no session, a scope with
 * `protocol.era === 'modern'`, params parsed by the served method's schema, the principal.
 */
export async function modernRequest(
  server: McpServer,
  method: string,
  params: Record<string, unknown>,
  options: ModernCallOptions = {},
): Promise<ModernOutcome> {
  const served = SERVED.get(method)!;
  const scope: RequestScope = {
    requestId: 1,
    method,
    params: {},
    signal: options.signal ?? new AbortController().signal,
    protocol: {
      protocolVersion: '2026-07-28',
      clientCapabilities: options.capabilities ?? { elicitation: {}, sampling: {}, roots: {} },
      era: 'modern',
    },
    transport: { kind: options.transport ?? 'in-memory' },
    peer: noRequestsPeer,
    notifier: server.core,
    principal: options.principal ?? 'alice',
  };
  try {
    const parsed = served.parseParams(params);
    const result = await served.handle(
      parsed,
      { ...scope, params: parsed },
      options.host ?? server.core,
    );
    return { result };
  } catch (error) {
    if (error instanceof McpError) return { error: error.toJson() };
    throw error;
  }
}
