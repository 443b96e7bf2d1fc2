import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU time (user + system, ms) consumed so far by the main thread only, read from
 * `/proc/self/task/<pid>/stat` (10 ms granularity). Unlike wall-clock busy time it does not grow
 * while other processes hold the CPU. Undefined where procfs is unavailable (non-Linux).
 */
export function mainThreadCpuMs(): number | undefined {
  return statCpuMs(`/proc/self/task/${process.pid}/stat`);
}

/**
 * CPU time (user + system, ms) consumed so far by process `pid`, all its threads, from
 * `/proc/<pid>/stat`. Undefined where procfs is unavailable (non-Linux) or the process is gone.
 */
export function processCpuMs(pid: number): number | undefined {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** What the main thread of a process has used so far (`mainThreadSample`). */
export interface ThreadSample {
  /** Time on a CPU (ns, exact: the scheduler's own count from `schedstat`). */
  onCpuNs: number;
  /** User and system time (ms, counted in clock ticks, so only a split of `onCpuNs`). */
  userMs: number;
  systemMs: number;
  /** Minor page faults of the whole process (the kernel counts them per process). */
  minorFaults: number;
  /** User + system time of the whole process, every thread (ms, clock ticks). */
  processCpuMs: number;
  /** Voluntary and involuntary context switches of the thread. */
  contextSwitches: number;
}

/**
 * What the main thread of process `pid` has used so far, from `/proc/<pid>/task/<pid>/`
 * (`schedstat`, `stat`, `status`), and the process's minor faults and CPU time from
 * `/proc/<pid>/stat`.
 * Undefined where procfs is unavailable or the process is gone.
 */
export function mainThreadSample(pid: number): ThreadSample | undefined {
  try {
    const task = `/proc/${pid}/task/${pid}`;
    const thread = statFields(readFileSync(`${task}/stat`, 'utf8'));
    const whole = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    const status = readFileSync(`${task}/status`, 'utf8');
    const switches = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return {
      onCpuNs: Number(readFileSync(`${task}/schedstat`, 'utf8').split(' ')[0]),
      userMs: (Number(thread[11]) * 1000) / clockTicks(),
      systemMs: (Number(thread[12]) * 1000) / clockTicks(),
      minorFaults: Number(whole[7]),
      processCpuMs: cpuMsOf(whole),
      contextSwitches: switches('voluntary_ctxt_switches') + switches('nonvoluntary_ctxt_switches'),
    };
  } catch {
    return undefined;
  }
}

/** The fields of a procfs `stat` line after the parenthesised command name (state first). */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime (fields 14 and 15 of the line) of {@link statFields}' fields, in ms. */
function cpuMsOf(fields: string[]): number {
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/** utime + stime of a procfs `stat` file, in ms; undefined when it cannot be read. */
function statCpuMs(path: string): number | undefined {
  try {
    return cpuMsOf(statFields(readFileSync(path, 'utf8')));
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system, ms) consumed so far by the processes of process group `pgid` now
 * alive (a broker started detached: RabbitMQ's launcher script and its Erlang VM), from their
 * `/proc/<pid>/stat`. Undefined where procfs is unavailable.
 */
export function processGroupCpuMs(pgid: number): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      // pgrp is the 5th field: the 3rd after the parenthesised command name.
      const fields = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (Number(fields[2]) === pgid) total += statCpuMs(`/proc/${pid}/stat`) ?? 0;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
