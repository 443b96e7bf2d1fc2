#!/usr/bin/env bash
# `npm run test:e2e`: the e2e suite in two passes. Most specs run in JEST_WORKERS jest workers
# (default 2: they mostly wait on sockets and child processes). The cluster specs then run one at a
# time: each starts several Nest processes, a private Redis or a proxy, and two of them starting
# side by side on a loaded two-core machine ran past their start-up timeouts. The broker restart
# spec (a private nats-server and RabbitMQ node, an Erlang VM booting twice) runs with them. Both passes always
# run; the exit code is 1 when either failed. Results: test-results/e2e.json, e2e-cluster.json.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
jest=(node --max-old-space-size=8192 --experimental-vm-modules node_modules/jest/bin/jest.js
  --selectProjects e2e --forceExit --json)
status=0
"${jest[@]}" --maxWorkers="${JEST_WORKERS:-2}" --workerIdleMemoryLimit=2GB \
  --testPathIgnorePatterns '/test/e2e/cluster/' '/test/e2e/microservices/broker-restart' \
  --outputFile=test-results/e2e.json || status=1
"${jest[@]}" --runInBand --outputFile=test-results/e2e-cluster.json test/e2e/cluster/ \
  test/e2e/microservices/broker-restart || status=1
exit "$status"
