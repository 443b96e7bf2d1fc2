import type { ElicitationHandler } from '../../client/mcp-client-options.interface.js';
import type { ElicitResult } from '../../protocol/schema/index.js';
import { promptObject, type Ask, type Say } from './prompt-object.js';

const ACTIONS: Record<string, ElicitResult['action']> = {
  '': 'accept',
  a: 'accept',
  accept: 'accept',
  d: 'decline',
  decline: 'decline',
  c: 'cancel',
  cancel: 'cancel',
};

/** Asks accept / decline / cancel (empty = accept); input ended = cancel. */
async function askAction(ask: Ask, say: Say, question: string): Promise<ElicitResult['action']> {
  for (;;) {
    const answer = await ask(question);
    if (answer === undefined) return 'cancel';
    const action = ACTIONS[answer.trim().toLowerCase()];
    if (action) return action;
    say('  answer a (accept), d (decline) or c (cancel)');
  }
}

/**
 * Answers `elicitation/create` at the prompt. Form mode: accept, decline or cancel, then each
 * field of `requestedSchema` asked in turn (the input ending midway cancels). URL mode: the URL
 * is printed for the user to open (the CLI never opens it), then accept, decline or cancel.
 */
export function createElicitationPrompt(ask: Ask, say: Say): ElicitationHandler {
  return async (params) => {
    say(`\nThe server asks: ${params.message}`);
    if (params.mode === 'url') {
      say(`  Open this URL to continue: ${params.url}`);
      return {
        action: await askAction(ask, say, 'Opened it? (a)ccept, (d)ecline, (c)ancel [a]: '),
      };
    }
    const action = await askAction(ask, say, 'Answer? (a)ccept, (d)ecline, (c)ancel [a]: ');
    if (action !== 'accept') return { action };
    const content = await promptObject(params.requestedSchema, ask, say);
    if (!content) return { action: 'cancel' };
    return { action: 'accept', content: content as ElicitResult['content'] };
  };
}
