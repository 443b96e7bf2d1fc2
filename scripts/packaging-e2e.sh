#!/usr/bin/env bash
# Packaging e2e: the package as users get it. Packs nestjs-mcp (npm pack, which runs the dual
# build), then for each app template under test/packaging/ (or the ones named as arguments):
# copies it to a temp dir outside the repo, installs its dependencies and the tarball with a
# plain `npm install` (peer ranges must resolve: no --legacy-peer-deps), compiles it with its
# own tsconfig and runs its own jest suite (and its test:dual-package check and test:vitest suite,
# when it has them).
# Then, on the same tarball, scripts/schematics-e2e.sh: `nest add` and `nest g` in apps freshly made
# by the Nest CLI 11 and 12 (SCHEMATICS_NEST=12 for one), their own build, tests and lint, and their
# tools called with the official SDK client (skipped when app templates are named as arguments).
# Needs the npm registry; the npm cache keeps reruns fast.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
log() { echo "[packaging] $*" >&2; }

WORK="$(mktemp -d /tmp/nestjs-mcp-packaging.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT

apps=("$@")
if [[ ${#apps[@]} -eq 0 ]]; then
  for dir in "$ROOT"/test/packaging/*/; do apps+=("$(basename "$dir")"); done
fi

log "node $(node --version): packing nestjs-mcp"
(cd "$ROOT" && npm pack --silent --pack-destination "$WORK" >"$WORK/pack.out")
tarball="$WORK/$(tail -n 1 "$WORK/pack.out")"

# The installed `nestjs-mcp` bin (linked by npm from the tarball's package.json) calls a tool of
# the official everything server over stdio and prints its JSON result.
EVERYTHING="$ROOT/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
check_bin() {
  local out
  out="$(node_modules/.bin/nestjs-mcp call "node $EVERYTHING stdio" echo '{"message":"from the tarball"}')"
  grep -q 'Echo: from the tarball' <<<"$out" || { echo "bin output: $out"; return 1; }
}

failed=()
for app in "${apps[@]}"; do
  dir="$WORK/$app"
  cp -r "$ROOT/test/packaging/$app" "$dir"
  log "$app: npm install (its dependencies and the tarball)"
  if ! (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "$tarball" >&2) ||
    ! (cd "$dir" && log "$app: build" && npm run -s build >&2) ||
    ! (cd "$dir" && log "$app: test" && npm test >&2) ||
    ! (cd "$dir" && npm run -s --if-present test:dual-package >&2) ||
    ! (cd "$dir" && npm run -s --if-present test:vitest >&2) ||
    ! (cd "$dir" && log "$app: the nestjs-mcp bin, installed" && check_bin >&2); then
    failed+=("$app")
  fi
done

if [[ $# -eq 0 ]] && ! bash "$ROOT/scripts/schematics-e2e.sh" "$tarball"; then
  failed+=(schematics)
fi

if [[ ${#failed[@]} -gt 0 ]]; then
  log "FAILED: ${failed[*]}"
  exit 1
fi
log "ok: ${apps[*]}"
