/**
 * A bench server process (`bench/servers/server-entry.ts`) run under
 * `valgrind --tool=callgrind --instr-atstart=no`: nothing is counted until a window is opened with
 * `callgrind_control -i on`, so the boot and the warm-up cost nothing but time, and a window's
 * figure is the instructions the whole process (every thread: V8's compiler and GC helpers too)
 * executed while it was open, and those of the main thread alone (the JavaScript, without V8's
 * concurrent compiler and GC helper threads, whose share varies from window to window).
 * Instruction counts do not depend on the machine's load.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ProbeReply, ProbeRequest } from './servers/memory-probe.js';
import { readyPort, serverNodeArgs } from './servers/server-process.js';
import { readSelfCosts, selfCostOf } from './callgrind-costs.js';
import { wordsEnv } from './options.js';

const run = promisify(execFile);

/** A server process under callgrind. */
export interface CallgrindServer {
  /** The endpoint URL. */
  readonly url: string;
  /** A full GC in the server (the memory probe's, over IPC). */
  fullGc(): Promise<void>;
  /** Runs `work` with instrumentation on; resolves with the instructions counted meanwhile. */
  count(work: () => Promise<void>): Promise<InstructionCount>;
  close(): Promise<void>;
}

/** The instructions of one window. */
export interface InstructionCount {
  /** Every thread of the process. */
  all: number;
  /** The main thread (JavaScript, the event loop, and the GC work it does itself). */
  main: number;
  /**
   * The main thread's own instructions in V8's runtime definition of object-literal properties
   * (`Runtime_DefineKeyedOwnPropertyInLiteral`). Near zero, unless the process builds Node's
   * `process.nextTick` tick objects (a literal with symbol keys) through the runtime: some
   * processes do for their whole life (their feedback for that literal went megamorphic), about
   * 1.5k instructions a tick, 20-25k per call on the Fastify arms.
   */
  runtimeLiterals: number;
}

/** The self cost of V8's runtime definition of literal properties in a callgrind output file. */
export function readRuntimeLiterals(text: string): number {
  return selfCostOf(readSelfCosts(text), /Runtime_DefineKeyedOwnPropertyInLiteral/);
}

/** The `totals:` line of a callgrind output file (the instructions of the dumped window). */
export function readCallgrindTotal(text: string): number {
  const match = /^totals:\s+(\d+)/m.exec(text);
  if (!match) throw new Error('callgrind output without a "totals:" line');
  return Number(match[1]);
}

/**
 * V8 flags of the server (`BENCH_INSTR_V8_FLAGS`, none by default). `--single-threaded` puts the
 * GC and compiler work on the main thread, but made two windows of the raw echo differ by 13 %
 * (the incremental marking of a major GC falls in one window or the next), against 3 % without.
 */
function v8Flags(): string[] {
  return wordsEnv('BENCH_INSTR_V8_FLAGS');
}

/**
 * Extra valgrind arguments (`BENCH_INSTR_VALGRIND_ARGS`, none by default), e.g. `--cache-sim=yes
 * --LL=1048576,16,64` (first-level and, here, a 1 MiB second-level cache counted per function:
 * `callgrind_annotate --show=Ir,I1mr,ILmr,D1mr,DLmr,DLmw` on a kept window) or `--branch-sim=yes`.
 */
function valgrindArgs(): string[] {
  return wordsEnv('BENCH_INSTR_VALGRIND_ARGS');
}

async function control(pid: number, ...args: string[]): Promise<void> {
  await run('callgrind_control', [...args, String(pid)]);
}

/**
 * Starts `server-entry.js <kind>` under callgrind (instrumentation off) and resolves once it prints
 * `READY <port>`. `env` is added to this process's environment.
 * @throws Error when valgrind is missing or the process exits before it is ready.
 */
export async function startCallgrindServer(
  kind: string,
  path: string,
  env: Record<string, string> = {},
): Promise<CallgrindServer> {
  const dir = mkdtempSync(join(tmpdir(), 'nestjs-mcp-callgrind-'));
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      ...valgrindArgs(),
      `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
      process.execPath,
      ...serverNodeArgs(kind, v8Flags()),
    ],
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, ...env } },
  );
  let log = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    log = (log + chunk).slice(-4000);
  });
  const port = await readyPort(
    child,
    (code, out) => new Error(`${kind} under callgrind exited with ${code}: ${out}${log}`),
  );
  const pid = child.pid!;
  let dumps = 0;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    async fullGc() {
      child.send({ op: 'memory' } satisfies ProbeRequest);
      const [reply] = (await once(child, 'message')) as [ProbeReply];
      if (reply.error) throw new Error(`${kind}: ${reply.error}`);
    },
    async count(work) {
      await control(pid, '-i', 'on');
      try {
        await work();
      } finally {
        await control(pid, '-i', 'off');
      }
      await control(pid, '-d');
      dumps += 1;
      // One file per thread: callgrind.out.<dump>-<thread>, the main thread being 01.
      const prefix = `callgrind.out.${dumps}-`;
      const files = readdirSync(dir).filter((name) => name.startsWith(prefix));
      if (!files.some((name) => name === `${prefix}01`)) {
        throw new Error(`callgrind dump ${dumps} of ${kind} not found in ${dir}`);
      }
      const texts = files.map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
      const main = texts.find((t) => t.name === `${prefix}01`)!.text;
      return {
        all: texts.reduce((sum, t) => sum + readCallgrindTotal(t.text), 0),
        main: readCallgrindTotal(main),
        runtimeLiterals: readRuntimeLiterals(main),
      };
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      if (process.env.BENCH_INSTR_KEEP) console.log(`callgrind output of ${kind} kept in ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}
