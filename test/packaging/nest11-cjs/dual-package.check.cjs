// The dual-package hazard, checked in one process: this CommonJS file requires the CommonJS build
// and imports the ESM build. They are two copies (their classes differ), yet every injection token
// and key they export must be the same value, so providers registered through one copy are found
// by the other. Run by scripts/packaging-e2e.sh after the app's own suite.
const assert = require('node:assert/strict');

const cjs = require('nestjs-mcp');

import('nestjs-mcp').then((esm) => {
  assert.notEqual(esm.McpServer, cjs.McpServer, 'expected two copies: the CJS and the ESM build');
  const tokens = [
    'EVENT_STORE',
    'SESSION_STORE',
    'MESSAGE_BUS',
    'MCP_WEBSOCKET_OPTIONS',
    'MCP_MODULE_OPTIONS',
  ];
  for (const name of tokens) {
    assert.notEqual(cjs[name], undefined, `${name} is exported`);
    assert.equal(esm[name], cjs[name], `${name} is the same in both builds`);
  }
  assert.equal(esm.getMcpClientToken('weather'), cjs.getMcpClientToken('weather'));
  console.log(`dual package: ${tokens.length + 1} tokens equal across the CJS and ESM builds`);
});
