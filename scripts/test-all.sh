#!/usr/bin/env bash
# `npm test`: the whole suite, in three lanes side by side once the build is done.
#   suites     the e2e suite (jest in 2 workers: package.json's scripts; the e2e cluster specs in a
#              jest of their own beside the others: scripts/test-e2e.sh). It is the longest lane,
#              so nothing else queues in it.
#   interop    the docs site build (the docs e2e spec then finds it built), the short fuzz run,
#              server conformance (both requirement sets on the controller, through the gateway
#              to the fixture over NATS, then on the fast path on Express and on Fastify), client
#              conformance, the Inspector over stdio; with TEST_NODE_MATRIX=1 (CI) then
#              scripts/node-matrix.sh
#   packaging  the tarball in generated Nest 11/12 apps with the schematics, then the unit suite
#              (jest, 2 workers: pure CPU, no clusters or brokers)
# From the start, beside the build, the e2e specs' Node 22 tools install into .tools/
# (scripts/e2e-tools.sh).
# The interop and packaging steps spend most of their time waiting on other processes (the
# conformance suites, npm installs), so the lanes share the machine's cores instead of queueing:
# on two cores the whole suite takes about as long as its longest lane. The unit suite (three and a
# half minutes) ran before e2e in the suites lane, on the critical path; at the end of the
# packaging lane (which ended about eight minutes before e2e) it overlaps the second half of the
# e2e cluster pass, not its start-up with everything else (see scripts/test-e2e.sh).
# Every step runs even when an earlier one failed; each prints its duration as it ends, a table of
# all of them (and the slowest test files) closes the run (scripts/lib/step-times.sh), and the exit
# code is 1 when any step failed (the failed steps are listed last). The side lanes' lines are
# prefixed with "[interop]" and "[packaging]". TEST_SERIAL=1 runs the lanes one after the other.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
source scripts/lib/step-times.sh

SUITES=("npm run -s test:e2e")
INTEROP=(
  "bash scripts/docs-build-once.sh"
  "npm run -s fuzz:short"
  "bash scripts/conformance-server.sh 2025-11-25"
  "bash scripts/conformance-server.sh 2026-07-28"
  "bash scripts/conformance-server.sh 2025-11-25 gateway-nats"
  "bash scripts/conformance-server.sh 2026-07-28 gateway-nats"
  "npm run -s conformance:fast-path"
  "bash scripts/conformance-client.sh"
  "bash scripts/inspector-stdio.sh"
)
# Packaging installs the tarball into generated Nest 11 and 12 apps and runs the schematics there:
# mostly npm installs, so it gets a lane of its own beside the other two; the unit suite follows it.
PACKAGING=("npm run -s test:packaging" "npm run -s test:unit")
[[ "${TEST_NODE_MATRIX:-0}" == 1 ]] && INTEROP+=("bash scripts/node-matrix.sh")

mkdir -p test-results

# run_lane NAME STEP...: runs each step, its output also kept in test-results/steps/NAME-K.log;
# records the failed ones in test-results/lane-NAME.failed and their logs for record_failed_step.
run_lane() {
  local lane="$1" status=0 k=0 log
  shift
  : >"test-results/lane-$lane.failed"
  mkdir -p test-results/steps
  for step in "$@"; do
    k=$((k + 1))
    log="test-results/steps/$lane-$k.log"
    echo "== [$lane] $step"
    if ! timed_step "$lane" "$step" run_logged "$log" "$step"; then
      echo "$step" >>"test-results/lane-$lane.failed"
      record_failed_step "$step" "$log"
      status=1
    fi
  done
  return "$status"
}

# The Node 22 tools of the e2e specs install from the start, beside the build (network and npm,
# little CPU), not in the specs' jest workers (scripts/e2e-tools.sh); the lanes do not wait for
# them: a spec that needs a tool still being installed waits on that tool's lock only.
timed_step build "bash scripts/e2e-tools.sh" bash scripts/e2e-tools.sh &
tools=$!
echo "== build"
timed_step build "npm run -s build" npm run -s build || exit 1

status=0
if [[ "${TEST_SERIAL:-0}" == 1 ]]; then
  run_lane suites "${SUITES[@]}" || status=1
  run_lane interop "${INTEROP[@]}" || status=1
  run_lane packaging "${PACKAGING[@]}" || status=1
else
  run_lane interop "${INTEROP[@]}" > >(sed -u '/^== \[interop\]/!s/^/[interop] /') 2>&1 &
  interop=$!
  run_lane packaging "${PACKAGING[@]}" > >(sed -u '/^== \[packaging\]/!s/^/[packaging] /') 2>&1 &
  packaging=$!
  run_lane suites "${SUITES[@]}" || status=1
  wait "$interop" || status=1
  wait "$packaging" || status=1
fi

# Its failure fails no step: the specs that need a tool install it themselves (and fail if not).
wait "$tools" || echo "== the e2e tools did not all install beside the build"

print_step_times "$SECONDS"
if [[ "$status" != 0 ]]; then
  echo "== failed steps:"
  cat test-results/lane-*.failed | sed 's/^/   /'
fi
print_failed_steps
exit "$status"
