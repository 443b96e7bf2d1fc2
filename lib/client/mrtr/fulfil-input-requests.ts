import { McpError } from '../../errors/mcp.error.js';
import { TransportError } from '../../errors/transport.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { InputResponse, InputResponses } from '../../protocol/schema/index.js';
import type { McpInputRound } from './input-round.interface.js';

/** Answers one input request (the client's elicitation, sampling or roots handler). */
export type AnswerInput = (method: string, params: unknown) => Promise<Record<string, unknown>>;

/**
 * Answers every input request of a round concurrently with the client's own handlers. URL-mode
 * elicitations of 2026-07-28 carry no `elicitationId`; the handler gets the request key in its
 * place so its params keep their 2025 type. Asking for an input the client has no handler for (a
 * capability it did not declare) is the server's protocol violation: TransportError `protocol`.
 */
export async function fulfilInputRequests(
  round: McpInputRound,
  answer: AnswerInput,
): Promise<InputResponses> {
  const entries = Object.entries(round.inputRequests).map(async ([key, request]) => {
    let params: unknown = request.params;
    if (request.method === 'elicitation/create' && request.params.mode === 'url') {
      params = { elicitationId: key, ...request.params };
    }
    try {
      return [key, (await answer(request.method, params)) as InputResponse] as const;
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) {
        throw new TransportError(
          `The server asked for ${request.method} input ("${key}"), which this client has no handler for`,
          'protocol',
        );
      }
      throw error;
    }
  });
  return Object.fromEntries(await Promise.all(entries));
}
