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

/** utime + stime of a procfs `stat` file, in ms; undefined when it cannot be read. */
function statCpuMs(path: string): number | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
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
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pgrp is the 5th field: the 3rd after the parenthesised command name.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) total += statCpuMs(`/proc/${pid}/stat`) ?? 0;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
