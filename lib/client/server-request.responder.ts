import type { z } from 'zod';
import { McpError } from '../errors/mcp.error.js';
import type { JsonRpcRequest } from '../protocol/json-rpc.js';
import { ServerRequestParamsSchemas } from '../protocol/schema/index.js';
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

/**
 * Answers the requests a server sends to the client (`ping`, `roots/list`,
 * `sampling/createMessage`, `elicitation/create`) with the handlers of the client's options;
 * a method without a handler gets `-32601`.
 */
export async function answerServerRequest(
  request: JsonRpcRequest,
  signal: AbortSignal,
  options: Pick<McpClientOptions, 'sampling' | 'elicitation' | 'roots'>,
  roots: () => McpRoot[],
): Promise<Record<string, unknown>> {
  switch (request.method) {
    case 'ping':
      return {};
    case 'roots/list':
      if (!options.roots) break;
      return { roots: roots() };
    case 'sampling/createMessage': {
      if (!options.sampling) break;
      const params = paramsOf(request, ServerRequestParamsSchemas['sampling/createMessage']);
      return options.sampling(params, { signal });
    }
    case 'elicitation/create': {
      if (!options.elicitation) break;
      const params = paramsOf(request, ServerRequestParamsSchemas['elicitation/create']);
      const result = await options.elicitation(params, { signal });
      if (result.action !== 'accept' || params.mode === 'url') return result;
      return {
        ...result,
        content: applyElicitationDefaults(params.requestedSchema, result.content),
      };
    }
  }
  throw McpError.methodNotFound(request.method);
}
