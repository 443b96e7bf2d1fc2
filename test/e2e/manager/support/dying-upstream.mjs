// A stdio MCP server (plain JS) for "the upstream dies mid-call": it answers initialize and
// tools/list (one tool, `crash`), refuses other methods with -32601, and exits with code 3 when
// `crash` is called, without answering.
import process from 'node:process';
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  if (message.method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id: message.id,
      result: {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'dying-upstream', version: '1.0.0' },
      },
    });
  } else if (message.method === 'tools/list') {
    const crash = { name: 'crash', inputSchema: { type: 'object', properties: {} } };
    send({ jsonrpc: '2.0', id: message.id, result: { tools: [crash] } });
  } else if (message.method === 'tools/call') {
    process.exit(3);
  } else {
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  }
});
