import { CliError, EXIT } from '../cli-error.js';
import { parseJsonObject } from '../json-arguments.js';
import type { CliSession } from '../cli-session.js';
import { asPromptArguments } from '../commands/prompt.commands.js';
import { findSkill } from '../commands/skill.commands.js';
import { describeError } from '../io/output.js';
import { formatProgress } from '../session-events.js';

/** One script-friendly command: its arguments after the target, and what it prints as JSON. */
export interface OneShotCommand {
  /** Subcommand name. */
  name: string;
  /** Arguments after `<target>`, commander syntax (`<tool> [json]`). */
  args: string;
  /** Help line. */
  summary: string;
  /** Checks the arguments before connecting (malformed JSON fails without reaching the server). */
  check?(args: string[]): void;
  /** Runs it; resolves the JSON value to print and whether it counts as a failure. */
  run(session: CliSession, args: string[]): Promise<{ value: unknown; failed?: boolean }>;
}

/** Every one-shot command (`nestjs-mcp <name> <target> ...`). */
export const ONE_SHOT_COMMANDS: readonly OneShotCommand[] = [
  {
    name: 'call',
    args: '<tool> [json]',
    summary:
      'call a tool with JSON arguments (or @file: JSON from a file); prints the result (exit 1 when isError)',
    check: ([, json]) => void parseJsonObject(json, 'arguments'),
    async run(session, [tool, json]) {
      const args = parseJsonObject(json, 'arguments');
      const result = await session.client.callTool(tool!, args, {
        onProgress: (p) => session.out.event(formatProgress(p)),
        resetTimeoutOnProgress: true,
      });
      return { value: result, failed: result.isError === true };
    },
  },
  {
    name: 'list-tools',
    args: '',
    summary: 'prints { tools: [...] }',
    run: async (s) => ({ value: { tools: await s.client.listAllTools() } }),
  },
  {
    name: 'list-prompts',
    args: '',
    summary: 'prints { prompts: [...] }',
    run: async (s) => ({ value: { prompts: await s.client.listAllPrompts() } }),
  },
  {
    name: 'get-prompt',
    args: '<name> [json]',
    summary: 'gets a prompt with JSON arguments',
    check: ([, json]) => void parseJsonObject(json, 'arguments'),
    async run(s, [name, json]) {
      const args = asPromptArguments(parseJsonObject(json, 'arguments'));
      return { value: await s.client.getPrompt(name!, args) };
    },
  },
  {
    name: 'list-resources',
    args: '',
    summary: 'prints { resources: [...] }',
    run: async (s) => ({ value: { resources: await s.client.listAllResources() } }),
  },
  {
    name: 'list-templates',
    args: '',
    summary: 'prints { resourceTemplates: [...] }',
    run: async (s) => ({
      value: { resourceTemplates: await s.client.listAllResourceTemplates() },
    }),
  },
  {
    name: 'read',
    args: '<uri>',
    summary: 'reads a resource',
    run: async (s, [uri]) => ({ value: await s.client.readResource(uri!) }),
  },
  {
    name: 'skills',
    args: '',
    summary: 'prints { skills: [...] } (SEP-2640)',
    run: async (s) => ({ value: { skills: await s.client.skills.listAll() } }),
  },
  {
    name: 'skill',
    args: '<name>',
    summary: 'prints { skill, text }: the entry of a skill (name or URI) and its SKILL.md',
    run: async (s, [name]) => ({ value: await findSkill(s, name!) }),
  },
  {
    name: 'ping',
    args: '',
    summary: 'prints {} when the server answers',
    run: async (s) => {
      await s.client.ping();
      return { value: {} };
    },
  },
  {
    name: 'info',
    args: '',
    summary: 'prints serverInfo, era, protocolVersion, capabilities, instructions',
    run: (s) =>
      Promise.resolve({
        value: {
          serverInfo: s.client.serverInfo,
          era: s.client.era,
          protocolVersion: s.client.protocolVersion,
          capabilities: s.client.serverCapabilities,
          instructions: s.client.instructions,
        },
      }),
  },
];

/** A failure of the operation itself (not of the command line) as an exit-1 CliError. */
export function operationFailed(error: unknown, what: string): CliError {
  if (error instanceof CliError) return error;
  return new CliError(`${what}: ${describeError(error)}`, EXIT.failed);
}
