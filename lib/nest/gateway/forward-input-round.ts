import type { InputRequiredHandler } from '../../client/mrtr/input-round.interface.js';
import type {
  CreateMessageRequestParams,
  ElicitRequestParams,
  InputRequest,
  InputResponse,
  InputResponses,
} from '../../protocol/schema/index.js';
import type { McpContext } from '../../server/context/mcp-context.js';

/**
 * Answers a 2026-07-28 upstream's input round through the downstream request `ctx`: each input
 * request is asked of the downstream client under the upstream's own key (`ctx.elicit`,
 * `ctx.sample`, `ctx.listRoots` with `{ key }`), so a 2026-07-28 downstream client sees the keys
 * the service chose and its answers come back under them; a 2025 downstream client gets real
 * requests. Asked together, the inputs of one round make one downstream round; when that round
 * must go to the client first, the rejection (`input_required`) ends the upstream call.
 */
export function forwardInputRound(ctx: McpContext): InputRequiredHandler {
  return async (round) => {
    const answers = Object.entries(round.inputRequests).map(
      async ([key, request]) => [key, await ask(ctx, key, request)] as const,
    );
    return Object.fromEntries(await Promise.all(answers)) as InputResponses;
  };
}

async function ask(ctx: McpContext, key: string, request: InputRequest): Promise<InputResponse> {
  switch (request.method) {
    case 'elicitation/create': {
      // URL mode: MRTR carries no elicitationId; the key stands in for it (as McpClient does).
      const params = request.params;
      const asked = params.mode === 'url' ? { elicitationId: key, ...params } : params;
      return (await ctx.elicit(asked as ElicitRequestParams, { key })) as InputResponse;
    }
    case 'sampling/createMessage':
      return (await ctx.sample(request.params as CreateMessageRequestParams, {
        key,
      })) as InputResponse;
    default:
      return (await ctx.listRoots({ key })) as InputResponse;
  }
}
