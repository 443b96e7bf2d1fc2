// A minimal stdio MCP server for the "server died mid-call" test: it answers initialize, then
// writes a last words line to stderr and exits with code 3 when it receives tools/call.
import process from 'node:process';
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id: message.id,
      result: {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'dying-server', version: '1.0.0' },
      },
    });
  } else if (message.method === 'tools/call') {
    process.stderr.write('dying-server: crashing on purpose\n');
    process.exit(3);
  }
});
