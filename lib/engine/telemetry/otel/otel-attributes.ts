import type { TransportKind } from '../../transport-info.interface.js';
import type { McpRequestTarget } from '../mcp-telemetry-events.interface.js';

/** Attribute values as OpenTelemetry takes them. */
export type OtelAttributes = Record<string, string | number | boolean>;

/** The request fields the MCP semantic conventions record on spans and metrics. */
export interface SemconvRequestFacts extends McpRequestTarget {
  readonly method: string;
  readonly sessionId?: string | undefined;
  readonly protocolVersion?: string | undefined;
  readonly transport?: TransportKind | undefined;
}

/**
 * The span name of the MCP semantic conventions: `{mcp.method.name} {target}` with the tool or
 * prompt name as target (never the resource URI: high cardinality), else the method.
 */
export function spanName(event: McpRequestTarget & { readonly method: string }): string {
  const target = event.toolName ?? event.promptName;
  return target === undefined ? event.method : `${event.method} ${target}`;
}

/** `network.transport` / `network.protocol.name` of a transport (in-memory: none). */
function networkAttributes(transport: TransportKind | undefined, into: OtelAttributes): void {
  if (transport === undefined || transport === 'in-memory') return;
  into['network.transport'] = transport === 'stdio' ? 'pipe' : 'tcp';
  if (transport === 'websocket') into['network.protocol.name'] = 'websocket';
  else if (transport !== 'stdio') into['network.protocol.name'] = 'http';
}

/**
 * Low-cardinality attributes (metrics and spans): `mcp.method.name`, `gen_ai.tool.name`,
 * `gen_ai.prompt.name`, `gen_ai.operation.name` (`execute_tool` for `tools/call`),
 * `mcp.protocol.version`, `network.*`.
 */
export function metricAttributes(event: SemconvRequestFacts): OtelAttributes {
  const attributes: OtelAttributes = { 'mcp.method.name': event.method };
  if (event.toolName !== undefined) {
    attributes['gen_ai.tool.name'] = event.toolName;
    attributes['gen_ai.operation.name'] = 'execute_tool';
  }
  if (event.promptName !== undefined) attributes['gen_ai.prompt.name'] = event.promptName;
  if (event.protocolVersion) attributes['mcp.protocol.version'] = event.protocolVersion;
  networkAttributes(event.transport, attributes);
  return attributes;
}

/** Span attributes: the metric ones plus `mcp.session.id`, `mcp.resource.uri`, `jsonrpc.request.id`. */
export function spanAttributes(
  event: SemconvRequestFacts & { readonly requestId?: string | number },
): OtelAttributes {
  const attributes = metricAttributes(event);
  if (event.sessionId !== undefined) attributes['mcp.session.id'] = event.sessionId;
  if (event.resourceUri !== undefined) attributes['mcp.resource.uri'] = event.resourceUri;
  if (event.requestId !== undefined) attributes['jsonrpc.request.id'] = String(event.requestId);
  return attributes;
}

/**
 * `error.type` of a settled operation: the JSON-RPC error code (`-32602`), `tool_error` for a
 * `tools/call` result with `isError`, the error's class name otherwise; undefined on success.
 */
export function errorType(outcome: { error?: unknown; isError?: boolean }): string | undefined {
  const { error } = outcome;
  if (error === undefined) return outcome.isError ? 'tool_error' : undefined;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number') return String(code);
  return error instanceof Error ? error.name : '_OTHER';
}
