import type { McpClient, McpClientOptions } from '../../../lib/index.js';

/** What the client does for one conformance scenario (after `connect()`, before `close()`). */
export interface Scenario {
  /** Extra client options (handlers, capabilities). */
  clientOptions?: Partial<Omit<McpClientOptions, 'transport'>>;
  run(client: McpClient): Promise<void>;
}

function textOf(result: { content: Array<{ type: string; text?: unknown }> }): string {
  return result.content
    .filter((block) => block.type === 'text')
    .map((block) => String(block.text))
    .join('\n');
}

function expectTool(tools: Array<{ name: string }>, name: string): void {
  if (!tools.some((tool) => tool.name === name)) {
    throw new Error(
      `The server lists no "${name}" tool (got ${tools.map((t) => t.name).join(', ')})`,
    );
  }
}

/** The 0.1.16 client scenarios this program answers (auth scenarios are out of scope). */
export const scenarios: Record<string, Scenario> = {
  /** Handshake only: initialize + notifications/initialized, then close. */
  initialize: {
    run: async () => undefined,
  },

  /** tools/list, then add_numbers(5, 3). */
  tools_call: {
    run: async (client) => {
      expectTool(await client.listAllTools(), 'add_numbers');
      const result = await client.callTool('add_numbers', { a: 5, b: 3 });
      if (result.isError || !textOf(result).includes('8')) {
        throw new Error(`add_numbers answered ${JSON.stringify(result)}`);
      }
    },
  },

  /** Accept an elicitation with empty content: the client core fills the schema defaults (SEP-1034). */
  'elicitation-sep1034-client-defaults': {
    clientOptions: { elicitation: () => ({ action: 'accept', content: {} }) },
    run: async (client) => {
      const result = await client.callTool('test_client_elicitation_defaults');
      if (result.isError) throw new Error(`The tool failed: ${textOf(result)}`);
    },
  },

  /** The reply stream closes after a priming event: resume with GET + Last-Event-ID after retry. */
  'sse-retry': {
    run: async (client) => {
      expectTool(await client.listAllTools(), 'test_reconnection');
      const result = await client.callTool('test_reconnection');
      if (result.isError) throw new Error(`The tool failed: ${textOf(result)}`);
    },
  },
};
