/** One target of issue 16, measured as a ratio in the same run. */
export interface TargetCheck {
  /** What is compared, e.g. `tools/call 2025 session / bare route`. */
  name: string;
  /** The measured ratio. */
  ratio: number;
  /** The goal the ratio is held to. */
  goal: number;
  /** `min`: the ratio must be at least the goal; `max`: at most (latency, memory). */
  kind: 'min' | 'max';
  /** The raw figures behind the ratio. */
  detail: string;
  /**
   * How the ratio and goal print: `x` (default, a ratio), `MiB`, `%` (a fraction × 100), or
   * `instr` (a count of CPU instructions, in thousands).
   */
  unit?: 'x' | 'MiB' | '%' | 'instr';
}

function formatValue(value: number, unit: TargetCheck['unit'] = 'x'): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === '%') return `${(value * 100).toFixed(1)} %`;
  if (unit === 'instr') return `${(value / 1000).toFixed(1)}k`;
  return unit === 'MiB' ? `${value.toFixed(1)} MiB` : `${value.toFixed(2)}x`;
}

/** True when the check's ratio meets its goal. */
export function isMet(check: TargetCheck): boolean {
  return check.kind === 'min' ? check.ratio >= check.goal : check.ratio <= check.goal;
}

/**
 * Prints the targets as a table: the ratio measured, the goal next to it, whether it is met,
 * and the raw figures.
 */
export function printTargets(checks: TargetCheck[]): void {
  const rows = checks.map((c) => [
    c.name,
    formatValue(c.ratio, c.unit),
    `${c.kind === 'min' ? '>=' : '<='} ${formatValue(c.goal, c.unit)}`,
    isMet(c) ? 'met' : 'NOT MET',
    c.detail,
  ]);
  const header = ['target', 'measured', 'goal', 'status', 'figures'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log('\n' + line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
