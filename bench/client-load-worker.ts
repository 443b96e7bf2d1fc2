/**
 * Worker-thread entry of the client benchmark: connects one client (ours, or the official SDK
 * v1 client) to the MCP server over Streamable HTTP, keeps `inflight` `tools/call echo` calls
 * running for `durationSec`, and posts back a {@link ClientLoadResult}; one job at a time
 * (`bench/worker-jobs.ts`). The server runs on the
 * main thread, so this thread's busy time is the client's own cost.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { performance } from 'node:perf_hooks';
import { McpClient, StreamableHttpClientTransport } from '../lib/index.js';
import { serveJobs } from './worker-jobs.js';
import { ECHO_TEXT } from './workload.js';

/** Which client, against what, how hard. */
export interface ClientLoadJob {
  client: 'mcp-client' | 'sdk-v1';
  url: string;
  inflight: number;
  durationSec: number;
  warmupSec: number;
}

/** What one run measured. */
export interface ClientLoadResult {
  completed: number;
  failed: number;
  firstError?: string;
  callsPerSec: number;
  /** Busy time of the client's thread per completed call (µs): its event-loop utilisation. */
  clientUsPerCall: number;
}

type Call = () => Promise<unknown>;

/**
 * The SDK v1 transport adds an abort listener per POST to one long-lived signal, so Node warns
 * (MaxListenersExceededWarning) after ~1500 calls; that is the SDK's, and the noise is dropped.
 */
function quietListenerWarnings(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name !== 'MaxListenersExceededWarning') console.warn(warning);
  });
}

async function connect(job: ClientLoadJob): Promise<{ call: Call; close: () => Promise<void> }> {
  const args = { text: ECHO_TEXT };
  if (job.client === 'mcp-client') {
    const client = new McpClient({ transport: new StreamableHttpClientTransport(job.url) });
    await client.connect();
    return { call: () => client.callTool('echo', args), close: () => client.close() };
  }
  quietListenerWarnings();
  const client = new Client({ name: 'bench-sdk', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(job.url)));
  return {
    call: () => client.callTool({ name: 'echo', arguments: args }),
    close: () => client.close(),
  };
}

/** Runs `inflight` call loops until `seconds` pass. */
async function drive(call: Call, inflight: number, seconds: number) {
  const end = performance.now() + seconds * 1000;
  let completed = 0;
  let failed = 0;
  let firstError: string | undefined;
  const loop = async () => {
    while (performance.now() < end) {
      try {
        await call();
        completed++;
      } catch (error) {
        failed++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: inflight }, loop));
  return { completed, failed, firstError };
}

async function main(job: ClientLoadJob): Promise<ClientLoadResult> {
  const { call, close } = await connect(job);
  try {
    await drive(call, job.inflight, job.warmupSec);
    const elu = performance.eventLoopUtilization();
    const start = performance.now();
    const run = await drive(call, job.inflight, job.durationSec);
    const elapsedMs = performance.now() - start;
    const busy = performance.eventLoopUtilization(elu);
    const result: ClientLoadResult = {
      completed: run.completed,
      failed: run.failed,
      callsPerSec: (run.completed * 1000) / elapsedMs,
      clientUsPerCall: (busy.active * 1000) / Math.max(1, run.completed),
    };
    if (run.firstError) result.firstError = run.firstError;
    return result;
  } finally {
    await close();
  }
}

serveJobs(main);
