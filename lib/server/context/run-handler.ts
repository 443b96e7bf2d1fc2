import { McpError } from '../../errors/mcp.error.js';
import type {
  ElicitRequestParams,
  InputRequests,
  InputRequiredResult,
  InputResponses,
} from '../../protocol/schema/index.js';
import { McpContext } from './mcp-context.js';
import { scopeInRound } from './request-scope-record.js';
import type { RequestScope } from './request-scope.interface.js';
import { readInputResponses } from '../mrtr/input-answers.js';
import { InputRound } from '../mrtr/input-round.js';
import type { InputRoundSettings } from '../mrtr/input-round-settings.js';
import { LegacyInputRound, pendingLegacyInput } from '../mrtr/legacy-input.js';

/** A handler run that ended asking the client for input: the interim result to answer with. */
export class InputRequiredOutcome {
  constructor(
    /** `{ resultType: 'input_required', inputRequests, requestState }`. */
    readonly result: InputRequiredResult,
  ) {}
}

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

async function runModern(
  scope: RequestScope,
  host: InputRoundHost,
  invoke: (ctx: McpContext) => unknown,
): Promise<unknown> {
  const settings = host.inputRounds;
  settings.noteTransport(scope.transport.kind);
  const binding = {
    principal: scope.principal ?? 'anonymous',
    method: scope.method,
    params: scope.params,
  };
  const token = scope.params.requestState;
  const state = token === undefined ? undefined : settings.codec.open(token, binding);
  const responses = readInputResponses(scope.params.inputResponses, state?.asked);
  const round = new InputRound({
    codec: settings.codec,
    binding,
    maxRounds: settings.maxRounds,
    onLimit: settings.onRoundLimit,
    round: (state?.round ?? 0) + 1,
    carried: state?.answers ?? {},
    responses,
    app: state?.app,
    logger: settings.logger,
    request: scope,
  });
  // The handler's signal is the round's (also aborted when the request is), made when first read.
  const ctx = new McpContext(scopeInRound(scope, round, round));
  try {
    const outcome = await round.run(() => invoke(ctx));
    if (outcome.kind === 'input') return new InputRequiredOutcome(outcome.result);
    if (outcome.kind === 'error') throw outcome.error;
    return outcome.value;
  } finally {
    ctx.finish();
  }
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
