import { Injectable } from '@nestjs/common';
import { McpContext, Prompt, text, Tool } from '../../../lib/index.js';

const NAME_FORM = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const } },
  required: ['name'],
};

const rootsText = (roots: Array<{ uri: string; name?: string }>) =>
  roots.map((r) => `${r.name ?? r.uri} (${r.uri})`).join(', ');

/** Elicits `confirm` (`{ ok: boolean }`). */
const askConfirm = (ctx: McpContext) =>
  ctx.elicit(
    {
      message: 'Confirm?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    },
    { key: 'confirm' },
  );

/**
 * The conformance fixture's multi-round-trip tools (SEP-2322, `input-required-result-*`),
 * written once: a 2026-07-28 client gets `input_required` rounds, a 2025 client real
 * server-to-client requests. Keys are explicit, as the scenarios name them.
 */
@Injectable()
export class FixtureMrtrTools {
  /** Elicits `user_name`, answers `Hello, <name>!`. */
  @Tool({ name: 'test_input_required_result_elicitation', description: 'Asks for a name' })
  async elicitation(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit(
      { message: 'What is your name?', requestedSchema: NAME_FORM },
      { key: 'user_name' },
    );
    return text(`Hello, ${String(answer.content?.name ?? answer.action)}!`);
  }

  /** Samples `capital_question`. */
  @Tool({ name: 'test_input_required_result_sampling', description: 'Asks the model a question' })
  async sampling(_args: unknown, ctx: McpContext) {
    const answer = await ctx.sample(
      {
        messages: [
          { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
        ],
        maxTokens: 100,
      },
      { key: 'capital_question' },
    );
    return text(`The model answered: ${JSON.stringify(answer.content)}`);
  }

  /** Lists the client's roots (`client_roots`). */
  @Tool({ name: 'test_input_required_result_list_roots', description: "Lists the client's roots" })
  async listRoots(_args: unknown, ctx: McpContext) {
    const { roots } = await ctx.listRoots({ key: 'client_roots' });
    return text(`Client roots: ${rootsText(roots)}`);
  }

  /** Elicits `confirm` (`{ ok: boolean }`); the state carries the round. */
  @Tool({
    name: 'test_input_required_result_request_state',
    description: 'Asks for a confirmation',
  })
  async requestState(_args: unknown, ctx: McpContext) {
    const answer = await askConfirm(ctx);
    return text(`state-ok: confirmed=${String(answer.content?.ok)}`);
  }

  /** Three inputs in one round: elicitation, sampling and roots. */
  @Tool({
    name: 'test_input_required_result_multiple_inputs',
    description: 'Asks three things at once',
  })
  async multipleInputs(_args: unknown, ctx: McpContext) {
    const [name, greeting, roots] = await Promise.all([
      ctx.elicit(
        { message: 'What is your name?', requestedSchema: NAME_FORM },
        { key: 'user_name' },
      ),
      ctx.sample(
        {
          messages: [{ role: 'user', content: { type: 'text', text: 'Write a short greeting' } }],
          maxTokens: 50,
        },
        { key: 'greeting' },
      ),
      ctx.listRoots({ key: 'client_roots' }),
    ]);
    return text(
      `name=${String(name.content?.name)}; greeting=${JSON.stringify(greeting.content)}; ` +
        `roots=${rootsText(roots.roots)}`,
    );
  }

  /** Two sequential rounds: `step1` (name), then `step2` (colour). */
  @Tool({
    name: 'test_input_required_result_multi_round',
    description: 'Asks twice, one after the other',
  })
  async multiRound(_args: unknown, ctx: McpContext) {
    const step1 = await ctx.elicit(
      { message: 'Step 1: your name?', requestedSchema: NAME_FORM },
      { key: 'step1' },
    );
    const step2 = await ctx.elicit(
      {
        message: 'Step 2: your favourite colour?',
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } } },
      },
      { key: 'step2' },
    );
    return text(`${String(step1.content?.name)} likes ${String(step2.content?.color)}`);
  }

  /** Any elicitation: the sealed state does the rest (a tampered one is -32602). */
  @Tool({
    name: 'test_input_required_result_tampered_state',
    description: 'Asks for a confirmation',
  })
  async tamperedState(_args: unknown, ctx: McpContext) {
    const answer = await askConfirm(ctx);
    return text(`confirmed=${String(answer.content?.ok)}`);
  }

  /** Asks only through what the client declared: sampling if it can, else elicitation. */
  @Tool({
    name: 'test_input_required_result_capabilities',
    description: 'Asks through whichever capability the client declared',
  })
  async capabilities(_args: unknown, ctx: McpContext) {
    if (ctx.clientCapabilities.sampling) {
      const answer = await ctx.sample(
        {
          messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }],
          maxTokens: 10,
        },
        { key: 'sampled' },
      );
      return text(`Sampled: ${JSON.stringify(answer.content)}`);
    }
    const answer = await ctx.elicit(
      { message: 'What is your name?', requestedSchema: NAME_FORM },
      { key: 'user_name' },
    );
    return text(`Hello, ${String(answer.content?.name)}!`);
  }

  /** A prompt that elicits `user_context` before answering. */
  @Prompt({ name: 'test_input_required_result_prompt', description: 'Asks for context first' })
  async prompt(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit(
      {
        message: 'Which context should the prompt use?',
        requestedSchema: {
          type: 'object',
          properties: { context: { type: 'string' } },
          required: ['context'],
        },
      },
      { key: 'user_context' },
    );
    return [
      { role: 'user' as const, content: text(`Context: ${String(answer.content?.context)}`) },
    ];
  }
}
