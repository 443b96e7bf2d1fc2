import type { JsonRpcRequest } from '../../protocol/json-rpc.js';
import type { ProtocolContext } from '../../protocol/protocol-context.interface.js';
import type { TransportKind } from '../../engine/transport-info.interface.js';
import { channels } from '../../engine/telemetry/mcp-channels.js';
import type { McpServerRequestEvent } from '../../engine/telemetry/mcp-telemetry-events.interface.js';
import { isToolError, requestTarget } from '../../engine/telemetry/request-target.js';
import { traceOperation } from '../../engine/telemetry/trace-operation.js';

/** Who serves a request, as far as the telemetry event tells. */
export interface ServedRequestFacts {
  readonly transport: TransportKind;
  readonly sessionId?: string | undefined;
  readonly protocol?: Pick<ProtocolContext, 'era' | 'protocolVersion'> | undefined;
}

const recordResult = (event: McpServerRequestEvent, result: Record<string, unknown>): void => {
  event.result = result;
  if (isToolError(event.method, result)) event.isError = true;
};

/**
 * Serves `request` as a traced operation on `nestjs-mcp:server.request`. Call it only when
 * `isTraced(channels.serverRequest)`: the untraced path must not build the event.
 */
export function traceServerRequest(
  request: JsonRpcRequest,
  facts: ServedRequestFacts,
  serve: () => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const meta = request.params?._meta;
  const event: McpServerRequestEvent = {
    method: request.method,
    requestId: request.id,
    transport: facts.transport,
    era: facts.protocol?.era ?? 'legacy',
    ...requestTarget(request.method, request.params),
    ...(facts.sessionId !== undefined && { sessionId: facts.sessionId }),
    ...(facts.protocol?.protocolVersion && { protocolVersion: facts.protocol.protocolVersion }),
    ...(typeof meta === 'object' && meta !== null && { meta: meta as Record<string, unknown> }),
  };
  return traceOperation(channels.serverRequest, event, serve, recordResult);
}
