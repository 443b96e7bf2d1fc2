import type { z } from 'zod';
import { McpError } from '../errors/mcp.error.js';
import type { JsonRpcRequest } from '../protocol/json-rpc.js';
import {
  ServerRequestParamsSchemas,
  type CreateMessageRequestParams,
  type ElicitRequestParams,
} from '../protocol/schema/index.js';
import { applyElicitationDefaults } from './elicitation-defaults.js';
import { describeIssues } from './protocol-check.js';
import type { McpClientOptions, McpRoot } from './mcp-client-options.interface.js';

/** The params of a server request, checked against the method's schema (`-32602` when they fail). */
function paramsOf<T>(request: JsonRpcRequest, schema: z.ZodType<T>): T {
  const checked = schema.safeParse(request.params);
  if (checked.success) return checked.data;
  throw McpError.invalidParams(
    `Invalid ${request.method} params: ${describeIssues(checked.error)}`,
  );
}

/** The client options that answer server input (requests, or 2026-07-28 input requests). */
export type InputHandlers = Pick<
  McpClientOptions,
  'sampling' | 'elicitation' | 'roots' | 'listRoots'
>;

/**
 * Answers the requests a server sends to the client (`ping`, `roots/list`,
 * `sampling/createMessage`, `elicitation/create`) with the handlers of the client's options;
 * a method without a handler gets `-32601`.
 */
export async function answerServerRequest(
  request: JsonRpcRequest,
  signal: AbortSignal,
  options: InputHandlers,
  roots: () => McpRoot[],
): Promise<Record<string, unknown>> {
  switch (request.method) {
    case 'ping':
      return {};
    case 'sampling/createMessage':
    case 'elicitation/create': {
      // No handler: -32601 before any params check, as for an unknown method.
      const handler = request.method === 'elicitation/create' ? 'elicitation' : 'sampling';
      if (!options[handler]) break;
      const schema = ServerRequestParamsSchemas[request.method] as z.ZodType<unknown>;
      return answerInput(request.method, paramsOf(request, schema), signal, options, roots);
    }
    case 'roots/list':
      return answerInput(request.method, request.params, signal, options, roots);
  }
  throw McpError.methodNotFound(request.method);
}

/**
 * Answers one input the server asked for, with params already checked: `roots/list`,
 * `sampling/createMessage` or `elicitation/create` (schema defaults filled into accepted form
 * content). Used for 2025 server requests and 2026-07-28 MRTR input requests alike.
 * @throws McpError -32601 when the client has no handler for `method`.
 */
export async function answerInput(
  method: string,
  params: unknown,
  signal: AbortSignal,
  options: InputHandlers,
  roots: () => McpRoot[],
): Promise<Record<string, unknown>> {
  switch (method) {
    case 'roots/list':
      if (options.listRoots) return { roots: await options.listRoots({ signal }) };
      if (!options.roots) break;
      return { roots: roots() };
    case 'sampling/createMessage':
      if (!options.sampling) break;
      return options.sampling(params as CreateMessageRequestParams, { signal });
    case 'elicitation/create': {
      if (!options.elicitation) break;
      const request = params as ElicitRequestParams;
      const result = await options.elicitation(request, { signal });
      if (result.action !== 'accept' || request.mode === 'url') return result;
      return {
        ...result,
        content: applyElicitationDefaults(request.requestedSchema, result.content),
      };
    }
  }
  throw McpError.methodNotFound(method);
}
