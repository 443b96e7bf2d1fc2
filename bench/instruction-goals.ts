/**
 * Issue 41's goals in instructions for `npm run bench:instructions` (`bench/instructions.ts`),
 * each checked on the main thread's figure of an arm (the median of its processes): MCP's own
 * work per `tools/call` over its baseline, `initialize` and the handshake, the 2026-07-28 era
 * against the 2025 one.
 */
import type { TargetCheck } from './targets.js';

/** Instructions per call (or per handshake) of an arm: the main thread, every thread. */
export interface PerCall {
  main: number;
  all: number;
  /**
   * Main-thread instructions per call in V8's runtime definition of literal properties (see
   * `InstructionCount.runtimeLiterals`): high in a process that builds Node's tick objects
   * through the runtime. Absent where not counted.
   */
  runtimeLiterals?: number;
}

/** The eras an MCP arm is measured in (its arms are named `<server> <era>`). */
const MCP_ERAS = ['2025', '2026'];
const ADAPTERS = ['express', 'fastify'];

/** MCP's own work per `tools/call` at most this many instructions above the baseline (issue 41). */
const INCREMENT_GOAL = 60_000;

/**
 * Issue 41's goal per mount and era: the main thread's instructions per call of the MCP arm, less
 * those of its baseline (the bare Nest route of the same adapter for the controller mount, the raw
 * `node:http` echo for the fast path), at most {@link INCREMENT_GOAL}.
 */
export function incrementChecks(perCall: ReadonlyMap<string, PerCall>): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const check = (arm: string, baseline: string) => {
    const ours = perCall.get(arm);
    const base = perCall.get(baseline);
    if (ours === undefined || base === undefined) return;
    checks.push({
      name: `${arm} over ${baseline}`,
      ratio: ours.main - base.main,
      goal: INCREMENT_GOAL,
      kind: 'max',
      unit: 'instr',
      detail: `${ours.main} - ${base.main} per call (${(ours.main / base.main).toFixed(2)}x)`,
    });
  };
  for (const adapter of ADAPTERS) {
    for (const era of MCP_ERAS) check(`mcp-${adapter} ${era}`, `bare-${adapter}`);
  }
  for (const adapter of ADAPTERS) {
    for (const era of MCP_ERAS) check(`fast-${adapter} ${era}`, 'raw');
  }
  return checks;
}

/** `initialize` at most this many times a 2025 `tools/call`'s instructions (issue 41). */
const INITIALIZE_GOAL = 2;
/** A handshake at ≥ 0.7× its baseline's rate: at most 1/0.7 of the baseline's instructions. */
const HANDSHAKE_GOAL = 1 / 0.7;

/**
 * Issue 41's handshake goals in instructions (main thread): per MCP arm, `initialize` over a
 * 2025 `tools/call`; the five-trip handshake over its baseline's four trips (the bare route of the
 * same adapter for the controller mount, the raw echo for the fast path).
 */
export function handshakeChecks(perCall: ReadonlyMap<string, PerCall>): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const ratio = (name: string, ours: string, base: string, goal: number, unit: string) => {
    const a = perCall.get(ours);
    const b = perCall.get(base);
    if (a === undefined || b === undefined) return;
    checks.push({
      name,
      ratio: a.main / b.main,
      goal,
      kind: 'max',
      detail: `${a.main} vs ${b.main} per ${unit}`,
    });
  };
  for (const mount of ['mcp', 'fast']) {
    for (const adapter of ADAPTERS) {
      const arm = `${mount}-${adapter}`;
      const base = mount === 'mcp' ? `bare-${adapter}` : 'raw';
      ratio(
        `${arm} initialize / tools/call`,
        `${arm} initialize`,
        `${arm} 2025`,
        INITIALIZE_GOAL,
        'request',
      );
      ratio(
        `${arm} handshake (5 trips) / ${base} (4 trips)`,
        `${arm} handshake`,
        `${base} handshake`,
        HANDSHAKE_GOAL,
        'handshake',
      );
    }
  }
  return checks;
}

/** A stateless 2026-07-28 call at most this many times a 2025 session call's instructions. */
const ERA_GOAL = 1.1;

/** Issue 41's goal per mount: the 2026-07-28 arm's instructions per call within 10 % of the 2025 arm's. */
export function eraChecks(perCall: ReadonlyMap<string, PerCall>): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const mount of ['mcp-express', 'mcp-fastify', 'fast-express', 'fast-fastify']) {
    const session = perCall.get(`${mount} 2025`);
    const stateless = perCall.get(`${mount} 2026`);
    if (session === undefined || stateless === undefined) continue;
    checks.push({
      name: `${mount} 2026 / 2025`,
      ratio: stateless.main / session.main,
      goal: ERA_GOAL,
      kind: 'max',
      detail: `${stateless.main} / ${session.main} per call`,
    });
  }
  return checks;
}
