import type { McpClient, McpClientOptions } from '../../../lib/index.js';

/** What the client does for one conformance scenario (after `connect()`, before `close()`). */
export interface Scenario {
  /** Extra client options (handlers, capabilities). */
  clientOptions?: Partial<Omit<McpClientOptions, 'transport'>>;
  /** `context` is the parsed `MCP_CONFORMANCE_CONTEXT` (`{}` when the runner sends none). */
  run(client: McpClient, context: unknown): Promise<void>;
}

/** The tool calls a scenario's context asks for (`{ toolCalls: [{ name, arguments }] }`). */
interface ToolCallsContext {
  toolCalls?: Array<{ name: string; arguments?: Record<string, unknown> }>;
}

/** Capabilities declared where a scenario checks their shape (SEP-2575). */
const allHandlers: Scenario['clientOptions'] = {
  elicitation: () => ({ action: 'accept', content: { confirmed: true } }),
  sampling: () => ({
    role: 'assistant',
    content: { type: 'text', text: 'ok' },
    model: 'conformance',
  }),
  roots: [{ uri: 'file:///conformance', name: 'conformance' }],
};

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

/** The client scenarios of the 2025-11-25 and 2026-07-28 sets this program answers (no auth). */
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

  /** 2026-07-28: `_meta` and MCP-Protocol-Version on every request; retry after -32022. */
  'request-metadata': {
    clientOptions: allHandlers,
    run: async (client) => {
      await client.listAllTools();
    },
  },

  /** 2026-07-28 MRTR: echo requestState, omit an absent one, new ids, isolation, default type. */
  'sep-2322-client-request-state': {
    run: async (client) => {
      await client.listAllTools();
      // Between the rounds of test_mrtr_echo_state, an unrelated call must carry nothing of them.
      const echo = await client.callTool(
        'test_mrtr_echo_state',
        {},
        {
          onInputRequired: async () => {
            await client.callTool('test_mrtr_unrelated');
            return { confirm: { action: 'accept', content: { confirmed: true } } };
          },
        },
      );
      const noState = await client.callTool(
        'test_mrtr_no_state',
        {},
        {
          onInputRequired: () => ({ confirm: { action: 'accept', content: { confirmed: true } } }),
        },
      );
      const plain = await client.callTool('test_mrtr_no_result_type');
      for (const result of [echo, noState, plain]) {
        if (result.isError) throw new Error(`A tool failed: ${textOf(result)}`);
      }
    },
  },

  /** 2026-07-28: Mcp-Method on every request, Mcp-Name on tools/call, resources/read, prompts/get. */
  'http-standard-headers': {
    run: async (client) => {
      for (const tool of await client.listAllTools()) await client.callTool(tool.name);
      for (const resource of await client.listAllResources()) {
        await client.readResource(resource.uri);
      }
      for (const prompt of await client.listAllPrompts()) await client.getPrompt(prompt.name);
    },
  },

  /** 2026-07-28: the tool calls of the context, with their `Mcp-Param-*` headers. */
  'http-custom-headers': {
    run: async (client, context) => {
      await client.listAllTools();
      for (const call of (context as ToolCallsContext).toolCalls ?? []) {
        await client.callTool(call.name, call.arguments ?? {});
      }
    },
  },

  /** 2026-07-28: tools with invalid `x-mcp-header` annotations are dropped; the others work. */
  'http-invalid-tool-headers': {
    run: async (client) => {
      const tools = await client.listAllTools();
      for (const tool of tools) await client.callTool(tool.name, { region: 'us-west1' });
    },
  },

  /** A network `$ref` in a tool schema is listed, never fetched. */
  'json-schema-ref-no-deref': {
    run: async (client) => {
      await client.listAllTools();
    },
  },

  /** Tool schemas are kept verbatim: echo the focal tool's inputSchema back to the server. */
  'json-schema-2020-12-preservation': {
    run: async (client) => {
      const tools = await client.listAllTools();
      const focal = tools.find((tool) => tool.name !== 'json_schema_echo');
      if (!focal) throw new Error('The server lists no tool with a JSON Schema 2020-12 schema');
      const result = await client.callTool('json_schema_echo', { schema: focal.inputSchema });
      if (result.isError) throw new Error(`The echo failed: ${textOf(result)}`);
    },
  },
};
