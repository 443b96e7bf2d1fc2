import type { CliSession } from '../cli-session.js';
import { formatListing, formatToolResult } from '../format/format-result.js';
import type { ObjectSchema } from '../prompt/field-schema.js';
import { formatProgress } from '../session-events.js';
import { readArguments } from './read-arguments.js';
import { firstWord, type ReplCommand } from './repl-command.interface.js';

/** `tools`: lists the tools with their descriptions. */
export const toolsCommand: ReplCommand = {
  name: 'tools',
  args: '',
  summary: 'list the tools',
  async run(session) {
    const tools = await session.refreshTools();
    session.out.print(formatListing(tools));
  },
};

/**
 * The tool of that name, listing the tools again when it is not known yet; undefined for a tool
 * the list does not show (a server may hide tools it would still run, or refuse for lack of
 * scope: the call finds out).
 */
async function findTool(session: CliSession, name: string) {
  if (!session.tools.has(name)) await session.refreshTools().catch(() => undefined);
  return session.tools.get(name);
}

/**
 * `call <tool> [json|@file]`: calls a tool with JSON arguments (typed, or read from a file),
 * or with arguments asked field by field from its input schema when none are given; progress is
 * printed as it arrives. Any name is sent: the tool list only feeds completion and the prompts
 * (an unlisted tool without arguments is called with `{}`), so a hidden tool, or one needing a
 * wider OAuth scope (step-up), is the server's to answer.
 */
export const callCommand: ReplCommand = {
  name: 'call',
  args: '<tool> [json|@file]',
  summary: 'call a tool (no JSON: asks for each argument)',
  completes: 'tool',
  async run(session, rest) {
    const [name, json] = firstWord(rest);
    if (!name) return session.out.error('usage: call <tool> [json|@file]');
    const tool = await findTool(session, name);
    if (!tool) session.out.detail(1, `${name} is not in the tool list; calling it anyway`);
    const schema = (tool?.inputSchema ?? { type: 'object' }) as ObjectSchema;
    const args = await readArguments(session, json, schema);
    if (!args) return;
    const result = await session.client.callTool(name, args, {
      onProgress: (p) => session.out.event(formatProgress(p)),
      resetTimeoutOnProgress: true,
    });
    session.out.print(formatToolResult(result));
  },
};
