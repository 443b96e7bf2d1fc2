// Prints one closing line summing the jest result files (unit, e2e, and the Node matrix's
// node<major>.json) and the conformance checks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
const results = existsSync('test-results') ? readdirSync('test-results') : [];
for (const name of results.filter((file) => file.endsWith('.json'))) {
  const result = JSON.parse(readFileSync(join('test-results', name), 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
}
// Conformance: a server set's folder has summary.json (its scored scenarios only: extension
// scenarios such as tasks-* run for visibility and are tracked by their own issue); a client
// scenario's folder has its checks.json.
const dir = 'conformance-results';
if (existsSync(dir)) {
  for (const run of readdirSync(dir)) {
    const summary = join(dir, run, 'summary.json');
    if (existsSync(summary)) {
      const counts = JSON.parse(readFileSync(summary, 'utf8'));
      passed += counts.passed;
      failed += counts.failed;
      continue;
    }
    const checks = join(dir, run, 'checks.json');
    if (!existsSync(checks)) continue;
    for (const check of JSON.parse(readFileSync(checks, 'utf8'))) {
      if (check.status === 'SUCCESS') passed++;
      else if (check.status === 'FAILURE' || check.status === 'WARNING') failed++;
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
