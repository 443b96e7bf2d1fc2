import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  importsOf,
  readImportGraph,
  type ImportEdge,
} from '../../support/architecture/import-graph.js';
import { findLayerViolations } from '../../support/architecture/layer-rules.js';

const LIB = join(dirname(fileURLToPath(import.meta.url)), '../../../lib');

/** An edge as the graph reader would produce it for `from` importing `specifier`. */
const edge = (from: string, specifier: string): ImportEdge =>
  importsOf(from, `import '${specifier}';`)[0]!;

describe('layers of lib/', () => {
  it('lib/ keeps every layer rule', () => {
    const edges = readImportGraph(LIB);
    expect(edges.length).toBeGreaterThan(100); // the reader really read lib/
    expect(findLayerViolations(edges)).toEqual([]);
  });

  it('nothing in lib/transports or lib/client imports lib/server', () => {
    const offending = readImportGraph(LIB).filter(
      (e) => /^(transports|client)\//.test(e.from) && e.target?.startsWith('server/'),
    );
    expect(offending).toEqual([]);
  });

  describe('the checker itself', () => {
    it.each([
      ['transports/sse/sse.handler.ts', '../../server/mcp-server.js', 'never imports lib/server'],
      ['client/mcp-client.ts', '../server/session/mcp-session.js', 'never imports lib/server'],
      ['server/mcp-server.ts', '@nestjs/common', 'only lib/nest imports @nestjs/*'],
      ['transports/http/x.ts', '@nestjs/core', 'only lib/nest imports @nestjs/*'],
      ['protocol/json-rpc.ts', '../engine/json-rpc-peer.js', 'lower layer protocol imports'],
      ['engine/json-rpc-peer.ts', '../stores/event-store.interface.js', 'lower layer engine'],
      ['stores/x.ts', '../transports/shared/route-path.js', 'lower layer stores'],
      ['server/mcp-server.ts', '../transports/http/streamable-http.handler.js', 'lib/server does'],
      ['protocol/json-rpc.ts', '../errors/transport.error.js', 'only McpError'],
      ['nest/mcp.module.ts', '../index.js', 'nothing inside lib/ imports lib/index.ts'],
      ['misc.ts', './protocol/json-rpc.js', 'is in no layer'],
      ['cli/connect.ts', '../server/mcp-server.js', 'lib/cli never imports lib/server'],
      ['cli/connect.ts', '../nest/mcp.module.js', 'lib/cli never imports lib/nest'],
      ['nest/mcp.module.ts', '../cli/program.js', 'nothing in lib/ imports lib/cli'],
      ['client/mcp-client.ts', '../cli/program.js', 'nothing in lib/ imports lib/cli'],
      ['cli/connect.ts', '@nestjs/common', 'only lib/nest imports @nestjs/*'],
      ['schematics/nest-add.ts', '../nest/mcp.module.js', 'lib/schematics imports nothing else'],
      ['nest/mcp.module.ts', '../schematics/nest-add.js', 'nothing imports it'],
      ['server/mcp-server.ts', '../authorization-server/x.js', 'lower layer server'],
      ['authorization-server/x.ts', '../transports/http/y.js', 'lib/authorization-server does'],
      ['authorization-server/x.ts', '@nestjs/common', 'only lib/nest imports @nestjs/*'],
      ['cli/connect.ts', '../authorization-server/x.js', 'lib/cli never imports'],
    ])('refuses %s importing %s', (from, specifier, rule) => {
      const violations = findLayerViolations([edge(from, specifier)]);
      expect(violations).toHaveLength(1);
      expect(violations[0]!.rule).toContain(rule);
    });

    it.each([
      ['nest/mcp.module.ts', '@nestjs/common'],
      ['nest/mcp.module.ts', '../server/mcp-server.js'],
      ['transports/http/x.ts', '../../client/client-transport.interface.js'],
      ['transports/http/x.ts', '../../stores/event-store.interface.js'],
      ['server/mcp-server.ts', '../engine/json-rpc-peer.js'],
      ['errors/mcp.error.ts', '../protocol/error-codes.js'],
      ['protocol/json-rpc.ts', '../errors/mcp.error.js'],
      ['transports/websocket/load-ws.ts', 'ws'],
      ['index.ts', './server/mcp-server.js'],
      ['cli/connect.ts', '../client/mcp-client.js'],
      ['cli/target/create-transport.ts', '../../transports/stdio/stdio-client.transport.js'],
      ['cli/connect.ts', '../protocol/schema/index.js'],
      ['cli/program.ts', 'commander'],
      ['schematics/nest-add.ts', './module-source.js'],
      ['authorization-server/x.ts', '../server/auth/jwt-access-token-verifier.js'],
      ['authorization-server/store/y.ts', '../../stores/redis/load-ioredis.js'],
      ['nest/authorization-server/z.ts', '../../authorization-server/x.js'],
    ])('allows %s importing %s', (from, specifier) => {
      expect(findLayerViolations([edge(from, specifier)])).toEqual([]);
    });

    it('finds every import form in real files: multi-line, type-only, re-export, dynamic', () => {
      const root = mkdtempSync(join(tmpdir(), 'layers-'));
      try {
        mkdirSync(join(root, 'transports'));
        writeFileSync(
          join(root, 'transports', 'bad.ts'),
          [
            "import type { McpServer } from '../server/mcp-server.js';",
            'import {',
            '  McpSession,',
            "} from '../server/session/mcp-session.js';",
            "export { x } from '../server/x.js';",
            "const lazy = () => import('../server/y.js');",
            "import { Injectable } from '@nestjs/common';",
          ].join('\n'),
        );
        const rules = findLayerViolations(readImportGraph(root)).map((v) => v.specifier);
        expect(rules).toEqual([
          '../server/mcp-server.js',
          '../server/session/mcp-session.js',
          '../server/x.js',
          '../server/y.js',
          '@nestjs/common',
        ]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  });
});
