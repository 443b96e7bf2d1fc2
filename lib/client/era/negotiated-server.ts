import {
  ImplementationSchema,
  SERVER_INFO_META_KEY,
  type DiscoverResult,
  type Implementation,
  type InitializeResult,
  type ServerCapabilities,
} from '../../protocol/schema/index.js';

/** The protocol era a client speaks with its server: the `initialize` session era or 2026-07-28. */
export type McpClientEra = 'legacy' | 'modern';

/** What the client learned about its server on `connect()` (from `initialize` or `server/discover`). */
export interface NegotiatedServer {
  /** The era in use. */
  readonly era: McpClientEra;
  /** The revision every request uses. */
  readonly protocolVersion: string;
  /** The server's self-description, when it sent one. */
  readonly serverInfo?: Implementation | undefined;
  /** The server's capabilities. */
  readonly capabilities: ServerCapabilities;
  /** The server's instructions, when it sent some. */
  readonly instructions?: string | undefined;
}

/** The legacy era, from an `initialize` result. */
export function fromInitialize(result: InitializeResult): NegotiatedServer {
  return {
    era: 'legacy',
    protocolVersion: result.protocolVersion,
    serverInfo: result.serverInfo,
    capabilities: result.capabilities,
    instructions: result.instructions,
  };
}

/**
 * The 2026-07-28 era, from a `server/discover` result: `serverInfo` is read from the result's
 * `_meta` (or, from servers that still send it there, the body field).
 */
export function fromDiscover(result: DiscoverResult, protocolVersion: string): NegotiatedServer {
  const info =
    result._meta?.[SERVER_INFO_META_KEY] ?? (result as { serverInfo?: unknown }).serverInfo;
  const serverInfo = ImplementationSchema.safeParse(info);
  return {
    era: 'modern',
    protocolVersion,
    serverInfo: serverInfo.success ? serverInfo.data : undefined,
    capabilities: result.capabilities,
    instructions: result.instructions,
  };
}
