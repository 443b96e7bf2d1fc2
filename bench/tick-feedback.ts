/**
 * `npm run bench:ticks`: how Node's `process.nextTick` builds its tick objects in each bench
 * server, once the server has started and answered some calls. A tick object is built from a
 * literal with two symbol keys; when the feedback of that literal's keyed defines is megamorphic,
 * every tick builds its object through the V8 runtime (about 1.5k instructions a tick, some 20k
 * per MCP call; `bench:instructions` marks such processes with `*`). `lib/engine/tick-object-maps.ts`
 * says how a start-up gets there on Node 20 and how the library keeps it from happening.
 *
 * Each server process is started like the instruction bench's (the memory probe preloaded), with
 * `--allow-natives-syntax` and `servers/tick-feedback-probe.ts`; after a session and
 * `BENCH_TICK_CALLS` (default 200) echo calls, the probe prints the function's feedback and the
 * process exits. Settings: `BENCH_TICK_SERVERS` (comma-separated `servers/server-entry.ts`
 * kinds, default the four MCP apps), `BENCH_TICK_PROCESSES` (processes per kind, default 3).
 * Prints, per kind, each process's state and the count of megamorphic ones against the goal, 0.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sendEchoCalls } from './keepalive-calls.js';
import { openMcpSession } from './mcp-session.js';
import { positiveEnv } from './options.js';
import { readyPort, serverNodeArgs } from './servers/server-process.js';
import { readTickFeedback, type TickFeedback } from './tick-literal-feedback.js';

const TICK_PROBE = new URL('./servers/tick-feedback-probe.js', import.meta.url);

const DEFAULT_KINDS = [
  'nestjs-mcp-fast-fastify',
  'nestjs-mcp-fastify',
  'nestjs-mcp-fast',
  'nestjs-mcp',
];

/** Starts `kind`, opens a session, sends `calls` echo calls, and reads the tick literal's feedback. */
async function probe(kind: string, calls: number): Promise<TickFeedback> {
  const child = spawn(
    process.execPath,
    serverNodeArgs(kind, ['--allow-natives-syntax'], [TICK_PROBE]),
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  // 'close', not 'exit': the output is read to its end.
  const closed = once(child, 'close');
  try {
    const port = await readyPort(child, (code, text) => {
      return new Error(`${kind} exited with ${code} before it was ready: ${text.slice(-500)}`);
    });
    const url = `http://127.0.0.1:${port}/mcp`;
    const headers = await openMcpSession(url);
    await sendEchoCalls({ url, headers, modern: false, count: calls, concurrency: 4 });
    child.send({ op: 'tick-feedback' });
    await closed;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  return readTickFeedback(out);
}

async function main(): Promise<void> {
  const kinds = (process.env.BENCH_TICK_SERVERS ?? DEFAULT_KINDS.join(','))
    .split(',')
    .map((kind) => kind.trim());
  const processes = positiveEnv('BENCH_TICK_PROCESSES', 3, true);
  const calls = positiveEnv('BENCH_TICK_CALLS', 200, true);
  console.log(
    `process.nextTick's tick literal after start-up, a session and ${calls} calls ` +
      `(Node ${process.versions.node}, ${processes} processes per server)`,
  );
  for (const kind of kinds) {
    const verdicts: TickFeedback[] = [];
    for (let i = 0; i < processes; i++) verdicts.push(await probe(kind, calls));
    const slow = verdicts.filter((verdict) => verdict === 'megamorphic' || verdict === 'unread');
    const status = slow.length === 0 ? 'met' : 'NOT MET';
    console.log(
      `${kind.padEnd(26)} megamorphic or unread in ${slow.length} of ${processes}   goal 0   ` +
        `${status.padEnd(7)}  ${verdicts.join(', ')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
