// Prints where a CI or `npm test` run spent its time: every step with its lane, result and
// duration (from the file scripts/lib/step-times.sh writes), then the slowest jest files of the
// result files in test-results/ (unit.json, e2e.json, the Node matrix's node<major>-*.json).
// Usage: node scripts/step-times.mjs [test-results/step-times.tsv] [TOTAL_SECONDS]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [file = 'test-results/step-times.tsv', total] = process.argv.slice(2);
const SLOWEST = 15;

const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Prints rows as a text table, columns padded to their widest cell; numbers right-aligned. */
function table(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  const line = (row) =>
    row
      .map((cell, i) =>
        /^[\d:.]+( s)?$/.test(cell) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]),
      )
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

const steps = existsSync(file)
  ? readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'))
  : [];
console.log('== durations of the steps (m:ss, in the order they finished)');
table(
  ['lane', 'step', 'result', 'time'],
  steps.map(([lane, step, result, seconds]) => [lane, step, result, clock(Number(seconds))]),
);
if (total) console.log(`total: ${clock(Number(total))}`);

const files = [];
const results = existsSync('test-results') ? readdirSync('test-results') : [];
for (const name of results.filter((f) => f.endsWith('.json'))) {
  try {
    const run = JSON.parse(readFileSync(join('test-results', name), 'utf8'));
    for (const result of run.testResults ?? []) {
      const seconds = (result.endTime - result.startTime) / 1000;
      if (Number.isFinite(seconds)) files.push([name.replace(/\.json$/, ''), result.name, seconds]);
    }
  } catch {
    // not a jest result file (or one cut short): nothing to list from it
  }
}
if (files.length > 0) {
  console.log(`== the ${SLOWEST} slowest test files`);
  table(
    ['run', 'file', 'time'],
    files
      .sort((a, b) => b[2] - a[2])
      .slice(0, SLOWEST)
      .map(([run, path, seconds]) => [
        run,
        relative(process.cwd(), path),
        `${seconds.toFixed(1)} s`,
      ]),
  );
}
