// Starts a built Nest app (`node MAIN`, on a free port passed as PORT, in the current folder) and
// calls its MCP tools at /mcp with the official SDK v1 client over Streamable HTTP, asserting
// each answer; then stops the app. Used by scripts/schematics-e2e.sh on apps made by `nest new` +
// `nest add nestjs-mcp` + `nest g`: the generated tools must answer a client nobody here wrote.
// Usage: node sdk-call-app.mjs MAIN TOOL=TEXT_ARG=EXPECTED_TEXT ...
//   e.g. node sdk-call-app.mjs dist/main.js 'hello=hi=hello: hi'
// Exit 0 when every call answered as expected; 1 with the reason (and the app's output) if not.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [main, ...calls] = process.argv.slice(2);
if (!main || calls.length === 0) {
  console.error('usage: node sdk-call-app.mjs MAIN TOOL=TEXT_ARG=EXPECTED_TEXT ...');
  process.exit(2);
}

/** A port free right now (the kernel picks it; released before the app binds it). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const url = new URL(`http://127.0.0.1:${port}/mcp`);
let output = '';
const app = spawn(process.execPath, [main], {
  env: { ...process.env, PORT: String(port), NODE_ENV: 'development' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
app.stdout.on('data', (chunk) => (output += chunk));
app.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) =>
  app.once('exit', (code, signal) => resolve({ code, signal })),
);

/** Connects once the app listens (retrying while it boots), or fails when it exits first. */
async function connect() {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new Client({ name: 'schematics-e2e', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(url));
      return client;
    } catch (error) {
      await client.close().catch(() => undefined);
      if (app.exitCode !== null || app.signalCode !== null) {
        throw new Error(`the app exited before answering: ${JSON.stringify(await exited)}`);
      }
      if (Date.now() > deadline) throw new Error(`no MCP answer at ${url}: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

let failure;
try {
  const client = await connect();
  const { tools } = await client.listTools();
  console.log(`[sdk] ${url}: tools ${tools.map((tool) => tool.name).join(', ')}`);
  for (const call of calls) {
    const [name, text, expected] = call.split('=');
    const result = await client.callTool({ name, arguments: { text } });
    const answer = result.content?.map((part) => part.text).join('');
    if (result.isError || answer !== expected) {
      throw new Error(`${name} answered ${JSON.stringify(result)}, not "${expected}"`);
    }
    console.log(`[sdk] ${name}(${JSON.stringify(text)}) answered "${answer}"`);
  }
  await client.close();
} catch (error) {
  failure = error;
} finally {
  app.kill('SIGTERM');
  const stop = setTimeout(() => app.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(stop);
}
if (failure) {
  console.error(`[sdk] FAILED: ${failure.message}\n--- the app's output ---\n${output}`);
  process.exit(1);
}
