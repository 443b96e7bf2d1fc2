import { McpError } from '../../errors/mcp.error.js';
import type {
  ElicitRequestParams,
  InputRequests,
  InputResponses,
} from '../../protocol/schema/index.js';
import { McpContext } from './mcp-context.js';
import { scopeInRound } from './request-scope-record.js';
import type { RequestScope } from './request-scope.interface.js';
import { readInputResponses } from '../mrtr/input-answers.js';
import { InputRequiredOutcome, InputRound, stateBinding } from '../mrtr/input-round.js';
import type { InputRoundSettings } from '../mrtr/input-round-settings.js';
import { LegacyInputRound, pendingLegacyInput } from '../mrtr/legacy-input.js';

export { InputRequiredOutcome };

/** What the runner needs from the server: the per-server MRTR settings and a logger. */
export interface InputRoundHost {
  readonly inputRounds: InputRoundSettings;
}

/**
 * Runs a tool, prompt or resource handler with an {@link McpContext}, input rounds included.
 * Legacy era: the handler runs as always; when it returns `ctx.inputRequired(...)` the requests
 * go to the client as real server → client requests and the handler runs again with the answers.
 * Modern era (2026-07-28): see {@link InputRound}; a suspended run resolves to an
 * {@link InputRequiredOutcome}, which the method handler returns as its result.
 */
export function runHandler(
  scope: RequestScope,
  host: InputRoundHost,
  invoke: (ctx: McpContext) => unknown,
): Promise<unknown> {
  return scope.protocol.era === 'modern'
    ? runModern(scope, host, invoke)
    : runLegacy(scope, host, invoke);
}

/**
 * A modern run: the round is built from what the request carries (a `requestState` opened and
 * verified, `inputResponses` checked) and settles the run's one promise (see `InputRound.run`).
 */
function runModern(
  scope: RequestScope,
  host: InputRoundHost,
  invoke: (ctx: McpContext) => unknown,
): Promise<unknown> {
  const settings = host.inputRounds;
  settings.noteTransport(scope.transport.kind);
  const { requestState: token, inputResponses } = scope.params;
  let round: InputRound;
  try {
    const state = token === undefined ? undefined : settings.codec.open(token, stateBinding(scope));
    const responses =
      inputResponses === undefined ? undefined : readInputResponses(inputResponses, state?.asked);
    round = new InputRound(settings, scope, state, responses);
  } catch (error) {
    return Promise.reject(error);
  }
  // The handler's signal is the round's (also aborted when the request is), made when first read.
  const ctx = new McpContext(scopeInRound(scope, round, round));
  return round.run(() => invoke(ctx), ctx);
}

function runLegacy(
  scope: RequestScope,
  host: InputRoundHost,
  invoke: (ctx: McpContext) => unknown,
): Promise<unknown> {
  return runLegacyRounds(scope, host, invoke, askClient);
}

/**
 * Runs a handler the 2025 way: an explicit `ctx.inputRequired()` result is answered by `ask`
 * (server-to-client requests, or a task's input) and the handler runs again with the answers,
 * at most `maxRounds` times.
 */
export async function runLegacyRounds(
  scope: RequestScope,
  host: InputRoundHost,
  invoke: (ctx: McpContext) => unknown,
  ask: (ctx: McpContext, requests: InputRequests) => Promise<InputResponses>,
): Promise<unknown> {
  let runScope = scope;
  for (let rounds = 0; ; rounds++) {
    const ctx = new McpContext(runScope);
    try {
      const value = await invoke(ctx);
      const pending = pendingLegacyInput(value);
      if (!pending) return value;
      if (rounds >= host.inputRounds.maxRounds) {
        host.inputRounds.onRoundLimit?.();
        throw McpError.invalidParams(
          `Too many input rounds (the limit is ${host.inputRounds.maxRounds})`,
        );
      }
      const answers = await ask(ctx, pending.inputRequests);
      runScope = scopeInRound(scope, new LegacyInputRound(answers, pending.state));
    } finally {
      ctx.finish();
    }
  }
}

/** Sends every input request to the client at once (server → client requests). */
async function askClient(ctx: McpContext, requests: InputRequests): Promise<InputResponses> {
  const entries = Object.entries(requests);
  const answers = await Promise.all(
    entries.map(([, request]) => {
      if (request.method === 'elicitation/create') {
        return ctx.elicit(request.params as ElicitRequestParams);
      }
      if (request.method === 'sampling/createMessage') return ctx.sample(request.params);
      return ctx.listRoots();
    }),
  );
  return Object.fromEntries(entries.map(([key], i) => [key, answers[i]])) as InputResponses;
}
