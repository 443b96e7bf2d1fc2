import type { PrimitiveNames } from './names.js';

/** What `nest g mcp-<kind>` writes: a provider with one decorated method, and its spec. */
export interface ProviderTemplate {
  /** File name part and class name suffix: `weather.tool.ts`, `WeatherTool`. */
  suffix: { file: string; class: string };
  /** The provider file. */
  provider(names: PrimitiveNames): string;
  /** The spec (`ext`: the relative-import suffix): the provider with `McpModule`, called over MCP. */
  spec(names: PrimitiveNames, ext: string): string;
}

/**
 * The import line of Nest's `Injectable` in a generated provider. Generated code, not an import
 * of this package: the schematics layer itself stays free of Nest.
 */
const INJECTABLE_IMPORT = `import { Injectable } from '${'@'}nestjs/common';`;

/** The spec's set-up, shared by every kind: a testing module and an in-memory MCP client. */
function specFile(
  names: PrimitiveNames,
  file: string,
  className: string,
  ext: string,
  body: string,
) {
  return `import { Test, type TestingModule } from '${'@'}nestjs/testing';
import { createMcpTestClient, McpModule, type McpClient } from 'nestjs-mcp';
import { ${className} } from './${names.kebab}.${file}${ext}';

describe('${className}', () => {
  let moduleRef: TestingModule;
  let client: McpClient;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'test', version: '0.0.0' })],
      providers: [${className}],
    }).compile();
    client = await createMcpTestClient(moduleRef);
  });

  afterAll(async () => {
    await client.close();
    await moduleRef.close();
  });

${body}
});
`;
}

const tool: ProviderTemplate = {
  suffix: { file: 'tool', class: 'Tool' },
  provider: (n) => `${INJECTABLE_IMPORT}
import { Tool } from 'nestjs-mcp';
import { z } from 'zod';

/** The \`${n.kebab}\` MCP tool. */
@Injectable()
export class ${n.pascal}Tool {
  @Tool({
    name: '${n.kebab}',
    description: 'Echoes its text (describe here what ${n.kebab} does, for the model)',
    inputSchema: { text: z.string().describe('The text to echo') },
  })
  ${n.camel}({ text }: { text: string }) {
    return \`${n.kebab}: \${text}\`;
  }
}
`,
  spec: (n, ext) =>
    specFile(
      n,
      'tool',
      `${n.pascal}Tool`,
      ext,
      `  it('answers a call of ${n.kebab}', async () => {
    const result = await client.callTool('${n.kebab}', { text: 'hello' });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: '${n.kebab}: hello' }]);
  });`,
    ),
};

const resource: ProviderTemplate = {
  suffix: { file: 'resource', class: 'Resource' },
  provider: (n) => `${INJECTABLE_IMPORT}
import { Resource } from 'nestjs-mcp';

/** The \`app://${n.kebab}\` MCP resource. */
@Injectable()
export class ${n.pascal}Resource {
  @Resource({
    uri: 'app://${n.kebab}',
    name: '${n.kebab}',
    description: 'Describe here what app://${n.kebab} holds',
    mimeType: 'text/plain',
  })
  ${n.camel}() {
    return 'The content of ${n.kebab}';
  }
}
`,
  spec: (n, ext) =>
    specFile(
      n,
      'resource',
      `${n.pascal}Resource`,
      ext,
      `  it('reads app://${n.kebab}', async () => {
    const result = await client.readResource('app://${n.kebab}');
    expect(result.contents).toEqual([
      { uri: 'app://${n.kebab}', mimeType: 'text/plain', text: 'The content of ${n.kebab}' },
    ]);
  });`,
    ),
};

const prompt: ProviderTemplate = {
  suffix: { file: 'prompt', class: 'Prompt' },
  provider: (n) => `${INJECTABLE_IMPORT}
import { Prompt } from 'nestjs-mcp';
import { z } from 'zod';

/** The \`${n.kebab}\` MCP prompt. */
@Injectable()
export class ${n.pascal}Prompt {
  @Prompt({
    name: '${n.kebab}',
    description: 'Describe here what the ${n.kebab} prompt asks',
    arguments: { topic: z.string().describe('What the prompt is about') },
  })
  ${n.camel}({ topic }: { topic: string }) {
    return \`Write about \${topic}.\`;
  }
}
`,
  spec: (n, ext) =>
    specFile(
      n,
      'prompt',
      `${n.pascal}Prompt`,
      ext,
      `  it('gets the ${n.kebab} prompt', async () => {
    const result = await client.getPrompt('${n.kebab}', { topic: 'tides' });
    expect(result.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Write about tides.' } },
    ]);
  });`,
    ),
};

/** The view of `nest g mcp-app-view`: shows the tool's structured result, as the host sends it. */
const VIEW_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>VIEW_NAME</title></head>
<body style="font: 15px system-ui, sans-serif; margin: 12px">
  <p id="text">Waiting for the tool result…</p>
<script>
  const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (event.source !== window.parent || !message || message.jsonrpc !== '2.0') return;
    if (message.method === 'ui/notifications/tool-result') {
      const result = message.params && message.params.structuredContent;
      if (result) document.getElementById('text').textContent = result.text;
    } else if (message.id !== undefined && message.method) {
      send({ id: message.id, result: {} }); // ping, ui/resource-teardown
    } else if (message.id === 1) {
      send({ method: 'ui/notifications/initialized', params: {} });
    }
  });
  send({
    id: 1,
    method: 'ui/initialize',
    params: { appInfo: { name: 'VIEW_NAME', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' },
  });
</script>
</body>
</html>`;

const appView: ProviderTemplate = {
  suffix: { file: 'view', class: 'View' },
  provider: (n) => `${INJECTABLE_IMPORT}
import { AppView, Tool } from 'nestjs-mcp';
import { z } from 'zod';

const VIEW_URI = 'ui://${n.kebab}/view';

/** The view: an HTML document speaking the MCP Apps postMessage protocol. */
const VIEW_HTML = \`${VIEW_HTML.replaceAll('VIEW_NAME', n.kebab)}\`;

/** The \`${n.kebab}\` MCP App view and the tool it renders. */
@Injectable()
export class ${n.pascal}View {
  @AppView({ uri: VIEW_URI, title: '${n.pascal}', html: VIEW_HTML })
  view() {
    // The view's HTML comes from \`html\`; a method returning HTML works too.
  }

  @Tool({
    name: '${n.kebab}',
    description: 'Shows its text in the ${n.kebab} view',
    inputSchema: { text: z.string().describe('The text to show') },
    ui: { view: VIEW_URI },
  })
  ${n.camel}({ text }: { text: string }) {
    return { text };
  }
}
`,
  spec: (n, ext) =>
    specFile(
      n,
      'view',
      `${n.pascal}View`,
      ext,
      `  it('answers ${n.kebab} with the structured result its view shows', async () => {
    const result = await client.callTool('${n.kebab}', { text: 'hello' });
    expect(result.structuredContent).toEqual({ text: 'hello' });
  });

  it('serves the view of ${n.kebab}', async () => {
    const view = await client.readAppView('ui://${n.kebab}/view');
    expect(view.uri).toBe('ui://${n.kebab}/view');
    expect(view.html).toContain('<title>${n.kebab}</title>');
  });`,
    ),
};

/** The templates by schematic (`mcp-tool`, ...). */
export const PROVIDER_TEMPLATES = {
  'mcp-tool': tool,
  'mcp-resource': resource,
  'mcp-prompt': prompt,
  'mcp-app-view': appView,
} as const satisfies Record<string, ProviderTemplate>;

/** A generator's name: `mcp-tool`, `mcp-resource`, `mcp-prompt` or `mcp-app-view`. */
export type ProviderKind = keyof typeof PROVIDER_TEMPLATES;
