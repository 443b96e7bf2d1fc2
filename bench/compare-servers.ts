import { sourceServerScript, type ServerSpec } from './servers/server-process.js';

/** One row of the comparison: a server (process) and how the workload talks to it. */
export interface CompareRow {
  /** The row's label. */
  label: string;
  /** Key of the server process (rows may share one). */
  server: string;
  /** `tools/call` on a session opened first (stateful servers). */
  session: boolean;
  /** `tools/call` as a stateless 2026-07-28 request. */
  modern?: boolean;
  /** Run the handshake workload (initialize → initialized → tools/list → tools/call). */
  handshake: boolean;
  /** Accept SSE replies (the SDK v2 server answers 2025 requests only as SSE). */
  acceptSse?: boolean;
  /** Measure RSS per 1,000 idle sessions. */
  idleSessions: boolean;
  /** The bare route its ratios are to: the one of its adapter (default: the Express route). */
  bare?: 'bare-fastify';
}

/**
 * The server processes of the comparison, by key, each made when asked; `node22` installs (once)
 * and returns the Node >= 22 binary of those that need it.
 */
export function compareServers(node22: () => string): Record<string, () => ServerSpec> {
  let binary: string | undefined;
  const onNode22 =
    (name: string, file: string, ...args: string[]) =>
    (): ServerSpec => ({
      name,
      node: (binary ??= node22()),
      args: [sourceServerScript(file), ...args],
      path: '/mcp',
    });
  const here =
    (name: string, path = '/mcp') =>
    (): ServerSpec => ({ name, path });
  return {
    bare: here('bare', '/rpc'),
    'bare-fastify': here('bare-fastify', '/rpc'),
    'raw-node': here('raw-node', '/rpc'),
    'nestjs-mcp': here('nestjs-mcp'),
    'nestjs-mcp-fastify': here('nestjs-mcp-fastify'),
    'nestjs-mcp-fast': here('nestjs-mcp-fast'),
    'nestjs-mcp-fast-fastify': here('nestjs-mcp-fast-fastify'),
    'sdk1-stateful': here('sdk1-stateful'),
    'sdk1-stateless': here('sdk1-stateless'),
    'sdk2-stateless': onNode22('sdk2-stateless', 'sdk2-server.mjs'),
    'rekog-stateful': onNode22('rekog-stateful', 'rekog-server.mjs', 'stateful'),
    'rekog-stateless': onNode22('rekog-stateless', 'rekog-server.mjs', 'stateless'),
  };
}

/**
 * The rows, the bare Express route first (the ratios of every row without `bare` are to it), then
 * the bare Fastify route and the raw `node:http` echo (the ceiling of Node; every row's
 * `x raw node` is to it).
 */
export const COMPARE_ROWS: CompareRow[] = [
  {
    label: 'bare NestJS route',
    server: 'bare',
    session: false,
    handshake: true,
    idleSessions: false,
  },
  {
    label: 'bare NestJS route (Fastify)',
    server: 'bare-fastify',
    session: false,
    handshake: true,
    idleSessions: false,
    bare: 'bare-fastify',
  },
  {
    label: 'raw node:http echo',
    server: 'raw-node',
    session: false,
    handshake: true,
    idleSessions: false,
  },
  {
    label: 'nestjs-mcp (2025 session)',
    server: 'nestjs-mcp',
    session: true,
    handshake: true,
    idleSessions: true,
  },
  {
    label: 'nestjs-mcp (2026-07-28 stateless)',
    server: 'nestjs-mcp',
    session: false,
    modern: true,
    handshake: false,
    idleSessions: false,
  },
  {
    label: 'nestjs-mcp on Fastify (2025 session)',
    server: 'nestjs-mcp-fastify',
    session: true,
    handshake: true,
    idleSessions: false,
    bare: 'bare-fastify',
  },
  {
    label: 'nestjs-mcp on Fastify (2026-07-28 stateless)',
    server: 'nestjs-mcp-fastify',
    session: false,
    modern: true,
    handshake: false,
    idleSessions: false,
    bare: 'bare-fastify',
  },
  {
    label: '@rekog/mcp-nest 2.0.5 stateful',
    server: 'rekog-stateful',
    session: true,
    handshake: true,
    idleSessions: true,
  },
  // The fast path in its fast configuration (asyncContext off), each in a process of its own as
  // an app would run it: in `npm run bench` every app shares one process, so another app's
  // context storage turns the async hooks on for the fast arms too.
  {
    label: 'nestjs-mcp fast path (2025 session)',
    server: 'nestjs-mcp-fast',
    session: true,
    handshake: false,
    idleSessions: false,
  },
  {
    label: 'nestjs-mcp fast path (2026-07-28 stateless)',
    server: 'nestjs-mcp-fast',
    session: false,
    modern: true,
    handshake: false,
    idleSessions: false,
  },
  {
    label: 'nestjs-mcp fast path on Fastify (2025 session)',
    server: 'nestjs-mcp-fast-fastify',
    session: true,
    handshake: false,
    idleSessions: false,
    bare: 'bare-fastify',
  },
  {
    label: 'nestjs-mcp fast path on Fastify (2026-07-28 stateless)',
    server: 'nestjs-mcp-fast-fastify',
    session: false,
    modern: true,
    handshake: false,
    idleSessions: false,
    bare: 'bare-fastify',
  },
  {
    label: '@rekog/mcp-nest 2.0.5 stateless',
    server: 'rekog-stateless',
    session: false,
    handshake: true,
    idleSessions: false,
  },
  {
    label: 'official SDK v1 stateful',
    server: 'sdk1-stateful',
    session: true,
    handshake: true,
    idleSessions: true,
  },
  {
    label: 'official SDK v1 stateless',
    server: 'sdk1-stateless',
    session: false,
    handshake: true,
    idleSessions: false,
  },
  {
    label: 'official SDK v2 stateless (call: 2026-07-28)',
    server: 'sdk2-stateless',
    session: false,
    modern: true,
    handshake: true,
    acceptSse: true,
    idleSessions: false,
  },
];
