#!/usr/bin/env bash
# `npm run test:e2e`: the e2e suite in two passes, side by side. Most specs run in JEST_WORKERS jest
# workers (default 2: they mostly wait on sockets and child processes). The cluster specs run in a
# jest of their own, one file at a time: each starts several Nest processes, a private Redis or a
# proxy, and two of them starting side by side on a loaded two-core machine ran past their start-up
# timeouts. The broker restart spec (a private nats-server and RabbitMQ node, an Erlang VM booting
# twice) runs with them. The cluster pass spends most of its time waiting (on idle timers, sweeps,
# restarts), so it runs beside the other pass rather than after it (its lines are prefixed with
# "[cluster]"); E2E_SERIAL=1 runs the passes one after the other, E2E_PASS=main or E2E_PASS=cluster
# only one of them. (Started in a lane of their own beside the unit suite and the tarball's build,
# at the start of npm test, cluster instances ran past a 45 s start-up ceiling; the ceilings are
# now 120 s per instance, and in npm test the unit suite runs at the end of the packaging lane,
# beside the second half of this pass only.) Both passes always run; the exit code is 1 when
# either failed. Results: test-results/e2e.json, e2e-cluster.json. The cluster pass's tests get a
# 120 s ceiling (not a timing assert): each waits on leases, idle timers, restarts and failovers
# across several processes, 15-24 s on a loaded machine here (rolling restart, RabbitMQ restart,
# connection leases), three to six times that in CI beside the other lanes, past jest's 30 s.
# The main pass's tests and hooks get 60 s (not a timing assert either): on a CI machine at load
# average 10-15 a hook that opens a browser context, or boots an app and a child process, took
# over 30 s (the explorer sign-in spec's per-era context, the broker-retry replicas).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
jest=(node --max-old-space-size=8192 --experimental-vm-modules node_modules/jest/bin/jest.js
  --selectProjects e2e --forceExit --json)
CLUSTER_SPECS=(test/e2e/cluster/ test/e2e/microservices/broker-restart)

main_pass() {
  "${jest[@]}" --maxWorkers="${JEST_WORKERS:-2}" --workerIdleMemoryLimit=2GB --testTimeout=60000 \
    --testPathIgnorePatterns '/test/e2e/cluster/' '/test/e2e/microservices/broker-restart' \
    --outputFile=test-results/e2e.json
}
cluster_pass() {
  "${jest[@]}" --runInBand --testTimeout=120000 --outputFile=test-results/e2e-cluster.json "${CLUSTER_SPECS[@]}"
}

status=0
if [[ "${E2E_PASS:-}" == main ]]; then
  main_pass || status=1
elif [[ "${E2E_PASS:-}" == cluster ]]; then
  cluster_pass || status=1
elif [[ "${E2E_SERIAL:-0}" == 1 ]]; then
  main_pass || status=1
  cluster_pass || status=1
else
  cluster_pass > >(sed -u 's/^/[cluster] /') 2>&1 &
  cluster=$!
  main_pass || status=1
  wait "$cluster" || status=1
fi
exit "$status"
