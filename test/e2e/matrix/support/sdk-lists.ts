import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { walkPages, type MatrixList } from './matrix-expectations.js';

/** The names on each page of every list method, walked with the SDK client's cursors. */
export async function walkSdkLists(client: Client): Promise<Record<MatrixList, string[][]>> {
  return {
    tools: await walkPages(
      (cursor) => client.listTools({ cursor }).then((r) => ({ ...r, items: r.tools })),
      (tool) => tool.name,
    ),
    prompts: await walkPages(
      (cursor) => client.listPrompts({ cursor }).then((r) => ({ ...r, items: r.prompts })),
      (prompt) => prompt.name,
    ),
    resources: await walkPages(
      (cursor) => client.listResources({ cursor }).then((r) => ({ ...r, items: r.resources })),
      (resource) => resource.uri,
    ),
    resourceTemplates: await walkPages(
      (cursor) =>
        client
          .listResourceTemplates({ cursor })
          .then((r) => ({ ...r, items: r.resourceTemplates })),
      (template) => template.uriTemplate,
    ),
  };
}
