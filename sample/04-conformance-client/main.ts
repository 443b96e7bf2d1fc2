/**
 * Test client for the official MCP conformance suite in client mode
 * (`scripts/conformance-client.sh`). The runner starts a scenario server, then runs this program
 * with the server URL as the last argument, the scenario name in `MCP_CONFORMANCE_SCENARIO`, the
 * protocol revision in `MCP_CONFORMANCE_PROTOCOL_VERSION` (the client is pinned to it) and, for
 * some scenarios, data in `MCP_CONFORMANCE_CONTEXT`. Every `auth/*` scenario runs the same
 * client (`src/auth-scenario.ts`): an `McpOAuthClient` that follows the scenario authorization
 * server's redirect headlessly, then lists the tools and calls `test-tool`. Exit code 0 means the client did its part;
 * the runner grades the traffic it saw.
 */
// Switches to the public index once it exports the transport (see the transport's wiring).
import { McpClient, StreamableHttpClientTransport } from '../../lib/index.js';
import { conformanceAuth, runAuthScenario } from './src/auth-scenario.js';
import { extensionAuth } from './src/extension-auth.js';
import { scenarios } from './src/scenarios.js';

async function main(): Promise<void> {
  const name = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const url = process.argv.at(-1) ?? '';
  const auth = name.startsWith('auth/');
  const scenario = auth ? { run: runAuthScenario } : scenarios[name];
  const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION || '2025-11-25';
  const context: unknown = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');
  if (!scenario) {
    throw new Error(
      `Unknown scenario "${name}" (MCP_CONFORMANCE_SCENARIO); known: ${Object.keys(scenarios).join(', ')}`,
    );
  }
  if (!/^https?:\/\//.test(url))
    throw new Error(`The last argument must be the server URL, got "${url}"`);

  const client = new McpClient({
    transport: new StreamableHttpClientTransport(
      url,
      auth ? { auth: extensionAuth(name, context) ?? conformanceAuth(context) } : {},
    ),
    clientInfo: { name: 'nestjs-mcp-conformance-client', version: '0.1.0' },
    // Generous: the suite runs its scenarios in parallel, on machines busy with other work too.
    requestTimeoutMs: 60_000,
    versionNegotiation: { pin: version },
    ...('clientOptions' in scenario && scenario.clientOptions),
  });
  const problems: Error[] = [];
  client.errors$.subscribe((error) => problems.push(error));
  try {
    await client.connect();
    await scenario.run(client, context);
  } finally {
    await client.close();
  }
  for (const problem of problems) console.error(`transport: ${problem.message}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `conformance client failed: ${error instanceof Error ? error.stack : String(error)}`,
    );
    process.exit(1);
  },
);
