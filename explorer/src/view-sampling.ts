// A view's `sampling/createMessage` (ext-apps draft, Standard MCP Messages: the core
// CreateMessageRequest; the host decides, with the user in the loop): its params checked, then
// put to the person at the page, who answers as the model or declines.

type Json = Record<string, unknown>;

/** A JSON-RPC error of the host's answer. */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/**
 * Checks `params` as a `CreateMessageRequest` this host serves (messages, a positive integer
 * `maxTokens`; no `tools`: the host does not declare `sampling.tools`), asks `ask`, and answers
 * its result; `-32602` for bad params, `-1` (the core sampling spec's user rejection) when the
 * person declines.
 */
export async function answerSampling(
  params: Json,
  ask: (params: Json) => Promise<Json | undefined>,
): Promise<Json> {
  const messages = params.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    throw rpcError(-32602, 'sampling/createMessage needs a non-empty messages array');
  }
  for (const m of messages as Json[]) {
    if (m?.role !== 'user' && m?.role !== 'assistant') {
      throw rpcError(-32602, 'each message needs role "user" or "assistant"');
    }
    if (typeof m.content !== 'object' || m.content === null) {
      throw rpcError(-32602, 'each message needs content');
    }
  }
  if (!Number.isInteger(params.maxTokens) || (params.maxTokens as number) <= 0) {
    throw rpcError(-32602, 'sampling/createMessage needs maxTokens, a positive integer');
  }
  if (params.tools !== undefined || params.toolChoice !== undefined) {
    throw rpcError(-32602, 'This host does not offer tools in sampling (no sampling.tools)');
  }
  const result = await ask(params);
  if (!result) throw rpcError(-1, 'User rejected sampling request');
  return result;
}
