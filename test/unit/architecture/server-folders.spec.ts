import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  findServerFolderViolations,
  readServerImports,
  serverImportsOf,
} from '../../support/architecture/server-folder-rules.js';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '../../../lib/server');

describe('folders inside lib/server', () => {
  it('import one way only: lower folders never import higher ones', () => {
    const imports = readServerImports(SERVER);
    expect(imports.length).toBeGreaterThan(200); // the reader really read lib/server
    expect(findServerFolderViolations(imports)).toEqual([]);
  });

  describe('the checker itself', () => {
    const check = (from: string, text: string) =>
      findServerFolderViolations(serverImportsOf(from, text));

    it.each([
      ['session/mcp-session.ts', "import { x } from '../context/mcp-context.js';"],
      ['registry/registered-tool.ts', "import { runHandler } from '../context/run-handler.js';"],
      ['context/mcp-context.ts', "export { x } from '../handlers/tools.handlers.js';"],
      ['tasks/task-run.ts', "const lazy = () => import('../handlers/task-call.js');"],
      ['hooks/custom-methods.ts', "import type { TaskEngine } from '../tasks/task-engine.js';"],
      ['session/live-sessions.ts', "import { McpServerCore } from '../mcp-server-core.js';"],
      ['nowhere/x.ts', "import { y } from '../session/mcp-session.js';"],
    ])('refuses %s: %s', (from, text) => {
      expect(check(from, text)).toHaveLength(1);
    });

    it.each([
      ['context/mcp-context.ts', "import type { McpSession } from '../session/mcp-session.js';"],
      ['handlers/tools.handlers.ts', "import { runHandler } from '../context/run-handler.js';"],
      ['mcp-server-core.ts', "import { ClusterRelay } from './cluster/cluster-relay.js';"],
      ['registry/x.ts', "import type { McpContext } from '../context/mcp-context.js';"],
      ['registry/x.ts', "import { type McpContext } from '../context/mcp-context.js';"],
      ['session/x.ts', "import { McpError } from '../../errors/mcp.error.js';"],
    ])('allows %s: %s', (from, text) => {
      expect(check(from, text)).toEqual([]);
    });

    it('counts a value import beside type names as a value import', () => {
      const text = "import { type McpContext, McpContext as C } from '../context/mcp-context.js';";
      expect(check('registry/x.ts', text)).toHaveLength(1);
    });
  });
});
