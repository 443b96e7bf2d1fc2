/**
 * Entry of a bench server process on the project's Node: `node dist/bench/servers/server-entry.js
 * <kind>` with kind `nestjs-mcp` (the bench's MCP app), `bare` (the bare Nest route), both on
 * Express, `nestjs-mcp-fastify` and `bare-fastify` (the same on Fastify), `nestjs-mcp-fast` and
 * `nestjs-mcp-fast-fastify` (the MCP app with the module extra `fastPath`), `raw-node` (the raw
 * `node:http` echo), `sdk1-stateful` or `sdk1-stateless` (the official SDK v1 server), `nest-apps`
 * with a JSON array of `NestAppSpec` as the next argument (several Nest apps in this process,
 * `nest-apps.ts`). Prints `READY <port>` once listening (the first app's, for `nest-apps`); `bench/servers/server-process.ts` starts it. `BENCH_SERVER_LIBRARY`: the path of a
 * library's `index.js` the apps are built from instead of this checkout's `lib/` (both sides of a
 * before/after, `bench/baseline-library.ts`: a commit's build, or the checkout's copy).
 */
import type { AddressInfo } from 'node:net';
import type { BenchAppOptions } from '../apps.js';
import type { NestAppSpec } from './nest-apps.js';

// Each kind imports only its own server's modules (the raw echo no Nest, the Nest apps no SDK):
// a process's start-up and heap are its server's alone.

const kind = process.argv[2];

async function listen(): Promise<number> {
  switch (kind) {
    case 'nestjs-mcp':
    case 'nestjs-mcp-fastify':
    case 'nestjs-mcp-fast':
    case 'nestjs-mcp-fast-fastify':
    case 'bare':
    case 'bare-fastify': {
      const { startBareApp, startMcpApp } = await import('../apps.js');
      const { importLibrary } = await import('../baseline-library.js');
      const entry = process.env.BENCH_SERVER_LIBRARY;
      const options: BenchAppOptions = {
        ...(entry ? { library: await importLibrary(entry) } : {}),
        adapter: kind.endsWith('-fastify') ? 'fastify' : 'express',
        fastPath: kind === 'nestjs-mcp-fast' || kind === 'nestjs-mcp-fast-fastify',
      };
      const started = kind.startsWith('bare')
        ? await startBareApp(options)
        : await startMcpApp(options);
      started.app.enableShutdownHooks();
      return Number(new URL(started.url).port);
    }
    case 'nest-apps': {
      const { startNestApps } = await import('./nest-apps.js');
      return startNestApps(JSON.parse(process.argv[3]) as NestAppSpec[]);
    }
    case 'raw-node': {
      const { startRawNodeEcho } = await import('../raw-node-echo.js');
      const started = await startRawNodeEcho();
      process.once('SIGTERM', () => void started.close().then(() => process.exit(0)));
      return Number(new URL(started.url).port);
    }
    case 'sdk1-stateful':
    case 'sdk1-stateless': {
      const { startSdk1Server } = await import('./sdk1-server.js');
      const server = await startSdk1Server(kind === 'sdk1-stateful');
      process.once('SIGTERM', () => server.close(() => process.exit(0)));
      return (server.address() as AddressInfo).port;
    }
    default:
      throw new Error(`unknown server kind "${kind}"`);
  }
}

console.log(`READY ${await listen()}`);
