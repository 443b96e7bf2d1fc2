// Prints one closing line summing the jest result files (unit, e2e, and the Node matrix's
// node<major>-<project>.json) and the conformance checks. Each failed test is named above that line,
// with the first lines of its message: CI shows the end of the log, where a failure in the cluster
// pass (its lines interleaved with the main pass's) was otherwise hard to find.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
const failures = [];
// eslint-disable-next-line no-control-regex
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
function noteFailures(run, result) {
  for (const file of result.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const message = plain(test.failureMessages?.join('\n') ?? '')
        .trim()
        .split('\n');
      failures.push(
        `FAILED [${run}] ${path} › ${test.fullName}\n    ${message.slice(0, 6).join('\n    ')}`,
      );
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      const message = plain(file.message ?? '')
        .trim()
        .split('\n');
      failures.push(
        `FAILED [${run}] ${path} (the file)\n    ${message.slice(0, 6).join('\n    ')}`,
      );
    }
  }
}
const results = existsSync('test-results') ? readdirSync('test-results') : [];
for (const name of results.filter((file) => file.endsWith('.json'))) {
  const result = JSON.parse(readFileSync(join('test-results', name), 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  noteFailures(name.replace(/\.json$/, ''), result);
}
// Conformance: a server set's folder (server-REV) has summary.json (its scored scenarios only:
// extension scenarios such as tasks-* run for visibility and are tracked by their own issue); a
// client set's folder (client-REV) holds one folder per scenario with its checks.json.
const dir = 'conformance-results';
function countChecks(file) {
  for (const check of JSON.parse(readFileSync(file, 'utf8'))) {
    if (check.status === 'SUCCESS') passed++;
    else if (check.status === 'FAILURE' || check.status === 'WARNING') failed++;
  }
}
if (existsSync(dir)) {
  for (const run of readdirSync(dir)) {
    const summary = join(dir, run, 'summary.json');
    if (existsSync(summary)) {
      const counts = JSON.parse(readFileSync(summary, 'utf8'));
      passed += counts.passed;
      failed += counts.failed;
      continue;
    }
    if (!run.startsWith('client-')) continue;
    for (const scenario of readdirSync(join(dir, run))) {
      const checks = join(dir, run, scenario, 'checks.json');
      if (existsSync(checks)) countChecks(checks);
    }
  }
}
for (const failure of failures) console.log(failure);
console.log(`${passed} passed, ${failed} failed`);
