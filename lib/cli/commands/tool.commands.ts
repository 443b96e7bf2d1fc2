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

/** The tool of that name, listing the tools again when it is not known yet. */
async function findTool(session: CliSession, name: string) {
  if (!session.tools.has(name)) await session.refreshTools();
  return session.tools.get(name);
}

/**
 * `call <tool> [json]`: calls a tool with JSON arguments, or with arguments asked field by field
 * from its input schema when no JSON is given; progress is printed as it arrives.
 */
export const callCommand: ReplCommand = {
  name: 'call',
  args: '<tool> [json]',
  summary: 'call a tool (no JSON: asks for each argument)',
  completes: 'tool',
  async run(session, rest) {
    const [name, json] = firstWord(rest);
    if (!name) return session.out.error('usage: call <tool> [json]');
    const tool = await findTool(session, name);
    if (!tool) {
      const known = [...session.tools.keys()].join(', ') || 'none';
      return session.out.error(`unknown tool: ${name} (tools: ${known})`);
    }
    const args = await readArguments(session, json, tool.inputSchema as ObjectSchema);
    if (!args) return;
    const result = await session.client.callTool(name, args, {
      onProgress: (p) => session.out.event(formatProgress(p)),
      resetTimeoutOnProgress: true,
    });
    session.out.print(formatToolResult(result));
  },
};
