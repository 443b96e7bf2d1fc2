import type { ImportEdge } from './import-graph.js';

/**
 * The layers of lib/, lowest first; data flows one way (see ARCHITECTURE.md):
 * protocol < errors < engine < stores < client | transports | server < authorization-server <
 * nest | cli; `index.ts` (the public surface) sits on top and nothing inside lib/ imports it. The
 * authorization server (`lib/authorization-server`) uses the server's resource side
 * (`lib/server/auth`) and nothing in the MCP core needs it. The CLI (`lib/cli`, the
 * `nestjs-mcp` bin) sits on client and transports only: never server or nest, and nothing
 * imports it. The schematics (`lib/schematics`, run by `nest add` / `nest g`) edit an app's source
 * text: they import nothing else of lib/, and nothing imports them.
 */
export const LAYER_RANK = {
  protocol: 0,
  errors: 1,
  engine: 2,
  stores: 3,
  client: 4,
  transports: 4,
  server: 4,
  'authorization-server': 5,
  nest: 6,
  cli: 6,
  schematics: 6,
  index: 7,
} as const;

/** A layer of lib/: its top-level folder, or `index` for lib/index.ts. */
export type Layer = keyof typeof LAYER_RANK;

/**
 * The one upward import that exists by design: the JSON-RPC parsers in lib/protocol throw
 * `McpError`, whose own file imports only protocol (error codes, the error object type).
 */
const PROTOCOL_MAY_IMPORT = new Set(['errors/mcp.error.ts']);

/** One import that breaks a layer rule, and the rule. */
export interface LayerViolation {
  from: string;
  specifier: string;
  rule: string;
}

/** The layer of a root-relative path, or undefined when it is not inside a known layer. */
export function layerOf(path: string): Layer | undefined {
  if (path === 'index.ts') return 'index';
  const top = path.split('/', 1)[0]!;
  return top in LAYER_RANK && path.includes('/') ? (top as Layer) : undefined;
}

/** The rule `edge` breaks, or undefined when it is allowed. */
export function ruleBrokenBy(edge: ImportEdge): string | undefined {
  const from = layerOf(edge.from);
  if (from === undefined)
    return `${edge.from} is in no layer (put it in one of lib/'s layer folders)`;
  if (edge.specifier.startsWith('@nestjs/')) {
    return from === 'nest' ? undefined : 'only lib/nest imports @nestjs/*';
  }
  if (edge.target === undefined) return undefined; // another package
  if (edge.target === 'index.ts') return 'nothing inside lib/ imports lib/index.ts';
  const to = layerOf(edge.target);
  if (to === undefined) return `imports ${edge.target}, which is in no layer of lib/`;
  if (to === from) return undefined;
  if ((from === 'schematics') !== (to === 'schematics')) {
    return 'lib/schematics imports nothing else of lib/, and nothing imports it';
  }
  if (to === 'cli') return 'nothing in lib/ imports lib/cli (the bin sits on top)';
  if (from === 'cli' && (to === 'server' || to === 'nest' || to === 'authorization-server')) {
    return `lib/cli never imports lib/${to} (it is a client: lib/client and lib/transports)`;
  }
  if (from === 'authorization-server' && (to === 'client' || to === 'transports')) {
    return `lib/authorization-server does not import lib/${to} (it serves HTTP through lib/nest's mount)`;
  }
  if ((from === 'client' || from === 'transports') && to === 'server') {
    return `lib/${from} never imports lib/server (type against the ports in lib/transports/server-port)`;
  }
  if (from === 'server' && (to === 'client' || to === 'transports')) {
    return `lib/server does not import lib/${to} (the transports reach the server through ports)`;
  }
  if (from === 'protocol' && to === 'errors') {
    return PROTOCOL_MAY_IMPORT.has(edge.target)
      ? undefined
      : 'lib/protocol imports from lib/errors only McpError (errors/mcp.error.ts)';
  }
  if (LAYER_RANK[to] > LAYER_RANK[from]) return `lower layer ${from} imports higher layer ${to}`;
  return undefined;
}

/** Every import among `edges` that breaks a layer rule. */
export function findLayerViolations(edges: readonly ImportEdge[]): LayerViolation[] {
  return edges.flatMap((edge) => {
    const rule = ruleBrokenBy(edge);
    return rule === undefined ? [] : [{ from: edge.from, specifier: edge.specifier, rule }];
  });
}
