import type { SamplingHandler } from '../../client/mcp-client-options.interface.js';
import { McpError } from '../../errors/mcp.error.js';
import { formatContent } from '../format/format-content.js';
import type { Ask, Say } from './prompt-object.js';

/** JSON-RPC code a client answers with when the user rejects a sampling request (spec: -1). */
const USER_REJECTED = -1;

/**
 * Answers `sampling/createMessage` at the prompt: the conversation is shown and the user types the
 * assistant's reply (model `human`). An empty reply, or the input ending, rejects the request
 * with code -1 as the spec suggests for a user's refusal.
 */
export function createSamplingPrompt(ask: Ask, say: Say): SamplingHandler {
  return async (params) => {
    say(`\nThe server asks for a completion (max ${params.maxTokens} tokens):`);
    if (params.systemPrompt) say(`  [system] ${params.systemPrompt}`);
    for (const message of params.messages) {
      say(`  [${message.role}] ${formatContent(message.content).replace(/\n/g, '\n    ')}`);
    }
    const reply = await ask('Reply as the assistant (empty to refuse): ');
    if (!reply) throw new McpError(USER_REJECTED, 'The user refused the sampling request');
    return {
      role: 'assistant',
      content: { type: 'text', text: reply },
      model: 'human',
      stopReason: 'endTurn',
    };
  };
}
