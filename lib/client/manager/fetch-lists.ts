import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { McpClient } from '../mcp-client.js';
import type { ServerLists } from './aggregate.interface.js';

/** Which lists a `list_changed` refreshes (`resources` covers the templates too). */
export type ListKind = 'tools' | 'prompts' | 'resources';

/** A server offering nothing (or down). */
export const EMPTY_AGGREGATE_LISTS: ServerLists = Object.freeze({
  tools: [],
  prompts: [],
  resources: [],
  resourceTemplates: [],
});

/** `[]` for a list method the server does not serve (`-32601`), else the list. */
async function orEmpty<T>(list: Promise<T[]>): Promise<T[]> {
  try {
    return await list;
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) return [];
    throw error;
  }
}

/**
 * Fetches a connected client's lists, walking every page, for the capabilities it announced:
 * all of them, or only `kind` (the others taken from `previous`).
 */
export async function fetchLists(
  client: McpClient,
  kind?: ListKind,
  previous: ServerLists = EMPTY_AGGREGATE_LISTS,
): Promise<ServerLists> {
  const caps = client.serverCapabilities ?? {};
  const wants = (k: ListKind) => kind === undefined || kind === k;
  const [tools, prompts, resources, resourceTemplates] = await Promise.all([
    wants('tools') ? (caps.tools ? orEmpty(client.listAllTools()) : []) : previous.tools,
    wants('prompts') ? (caps.prompts ? orEmpty(client.listAllPrompts()) : []) : previous.prompts,
    wants('resources')
      ? caps.resources
        ? orEmpty(client.listAllResources())
        : []
      : previous.resources,
    wants('resources')
      ? caps.resources
        ? orEmpty(client.listAllResourceTemplates())
        : []
      : previous.resourceTemplates,
  ]);
  return { tools, prompts, resources, resourceTemplates };
}
