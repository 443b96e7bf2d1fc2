import { ClientDidNotAnswerError } from '../../errors/client-did-not-answer.error.js';
import { McpError } from '../../errors/mcp.error.js';
import { RequestTimeoutError } from '../../errors/request-timeout.error.js';
import { channels } from '../../engine/telemetry/mcp-channels.js';
import type { McpServerToClientRequestEvent } from '../../engine/telemetry/mcp-telemetry-events.interface.js';
import { isTraced, traceOperation } from '../../engine/telemetry/trace-operation.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { isVersionAtLeast } from '../../protocol/versions.js';
import { findMethod } from '../../protocol/methods/method-table.js';
import type {
  InputRequests,
  InputRequiredResult,
  ServerRequestMethod,
} from '../../protocol/schema/index.js';
import type { InputMethod } from '../mrtr/input-answers.js';
import type { RequestScope } from './request-scope.interface.js';
import type {
  ClientRequestOptions,
  InputRequestOptions,
} from './input-request-options.interface.js';

// Server-to-client input plumbing behind `McpContext` (elicit, sample, listRoots, ping,
// inputRequired): plain functions of the request's scope, so a context allocates nothing for them.

/**
 * The input round open for this request (2026-07-28). Throws `-32600` when there is none: only
 * `tools/call`, `prompts/get` and `resources/read` open one.
 */
export function openInputRound(scope: RequestScope): NonNullable<RequestScope['inputRound']> {
  const round = scope.inputRound;
  if (!round?.ask) {
    throw McpError.invalidRequest(
      `No input round is open for this ${scope.method} request: under 2026-07-28 a handler asks ` +
        'for input only while serving tools/call, prompts/get or resources/read',
    );
  }
  return round;
}

/** The capability an input request needs, checked against this request's `_meta` (-32021). */
export function requireInputCapability(
  scope: RequestScope,
  method: string,
  params: Record<string, unknown>,
): void {
  const { clientCapabilities, protocolVersion } = scope.protocol;
  if (method === 'elicitation/create') {
    const mode = params.mode === 'url' ? 'url' : 'form';
    const elicitation = clientCapabilities.elicitation;
    // `elicitation: {}` means form mode only (the pre-2025-11-25 shape).
    const ok =
      elicitation !== undefined &&
      (mode === 'url' ? 'url' in elicitation : 'form' in elicitation || !('url' in elicitation));
    if (!ok) {
      throw missingCapability(
        { elicitation: { [mode]: {} } },
        protocolVersion,
        `elicitation.${mode}`,
      );
    }
    return;
  }
  const gate = findMethod('server', 'request', method)?.capability;
  if (gate && clientCapabilities[gate] === undefined) {
    throw missingCapability({ [gate]: {} }, protocolVersion);
  }
}

/** 2026-07-28: an input of the round (answered by key, or asked in the interim result). */
function askInput(
  scope: RequestScope,
  method: InputMethod,
  params: object,
  options?: InputRequestOptions,
): Promise<unknown> {
  requireInputCapability(scope, method, params as Record<string, unknown>);
  const round = openInputRound(scope);
  return round.ask!(method, params as Record<string, unknown>, options?.key);
}

/**
 * An input from the client for `ctx.elicit()`, `ctx.sample()`, `ctx.listRoots()`: inside a task,
 * a request of the task (`input_required` until answered); otherwise an input of the round under
 * 2026-07-28, a server-to-client request on the session in the 2025 era.
 */
export function requestInput(
  scope: RequestScope,
  method: InputMethod,
  params: object,
  options?: InputRequestOptions,
): Promise<unknown> {
  if (scope.task) {
    requireInputCapability(scope, method, params as Record<string, unknown>);
    return scope.task.ask(method, params as Record<string, unknown>, options?.key);
  }
  return scope.protocol.era === 'modern'
    ? askInput(scope, method, params, options)
    : requestClient(scope, method, params, options);
}

/** 2026-07-28 `ctx.inputRequired()`: each request's capability checked, then the round ended. */
export function modernInputRequired(
  scope: RequestScope,
  inputRequests: InputRequests,
  state: unknown,
): InputRequiredResult {
  for (const request of Object.values(inputRequests)) {
    requireInputCapability(
      scope,
      request.method,
      (request.params ?? {}) as Record<string, unknown>,
    );
  }
  return openInputRound(scope).inputRequired(inputRequests, state);
}

/**
 * 2025: a server-to-client request on the request's session, related to the request and
 * cancelled with it; rejects when the request has no session.
 */
export function requestClient(
  scope: RequestScope,
  method: ServerRequestMethod,
  params: object,
  options: ClientRequestOptions = {},
): Promise<unknown> {
  // The capability the client must have declared, from the method table.
  const gate = findMethod('server', 'request', method)?.capability;
  if (gate && scope.protocol.clientCapabilities[gate] === undefined) {
    throw missingCapability({ [gate]: {} }, scope.protocol.protocolVersion);
  }
  const signal = options.signal ? AbortSignal.any([options.signal, scope.signal]) : scope.signal;
  const peer = scope.peer;
  if (!peer) {
    return Promise.reject(
      McpError.invalidRequest(
        `${method} cannot be sent: this request has no session to send it on`,
      ),
    );
  }
  const limits = scope.notifier.limits;
  if (limits && peer.pendingCount >= limits.limits.maxPendingClientRequestsPerSession)
    throw limits.refuse('maxPendingClientRequestsPerSession');
  const send = () =>
    peer
      .request(method, params as Record<string, unknown>, {
        ...options,
        signal,
        relatedRequestId: scope.requestId,
      })
      .catch(clientFault);
  if (!isTraced(channels.serverToClientRequest)) return send();
  const event: McpServerToClientRequestEvent = {
    method,
    relatedRequestId: scope.requestId,
    ...(scope.session?.id !== undefined && { sessionId: scope.session.id }),
  };
  return traceOperation(channels.serverToClientRequest, event, send, (e, result) => {
    e.result = result;
  });
}

/**
 * The error for a server-to-client request the client cannot take: `-32021` from 2026-07-28 on,
 * `-32600` before (the 2026 code is not defined in older revisions).
 */
function missingCapability(
  requiredCapabilities: Record<string, unknown>,
  protocolVersion: string,
  name = Object.keys(requiredCapabilities)[0],
): McpError {
  const code = isVersionAtLeast(protocolVersion, '2026-07-28')
    ? ErrorCode.MissingRequiredClientCapability
    : ErrorCode.InvalidRequest;
  return new McpError(code, `The client did not declare the "${name}" capability`, {
    requiredCapabilities,
  });
}

/** A timeout of a server-to-client request is the client's fault: {@link ClientDidNotAnswerError}. */
function clientFault(error: unknown): never {
  if (error instanceof RequestTimeoutError)
    throw new ClientDidNotAnswerError(error.method, error.timeoutMs);
  throw error;
}
