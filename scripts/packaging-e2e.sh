#!/usr/bin/env bash
# Packaging e2e: the package as users get it. Packs nestjs-mcp (npm pack, which runs the dual
# build; or takes the tarball PACKAGING_TARBALL names, e.g. the one `npm run check:package` packed
# from the same checkout in CI), then for each app template under test/packaging/ (or the ones
# named as arguments): copies it to a temp dir outside the repo, installs its dependencies and the
# tarball with a plain `npm install` (peer ranges must resolve: no --legacy-peer-deps), compiles it
# with its own tsconfig and runs its own jest suite (and its test:dual-package check and
# test:vitest suite, when it has them).
# Then, on the same tarball, scripts/schematics-e2e.sh: `nest add` and `nest g` in apps freshly made
# by the Nest CLI 11 and 12 (SCHEMATICS_NEST=12 for one), their own build, tests and lint, and their
# tools called with the official SDK client (skipped when app templates are named as arguments).
# The app templates and the schematics run side by side (PACKAGING_SERIAL=1: one after the other):
# most of their time is npm installs waiting on the registry and the disk (an install of a
# template: about 30 s of CPU in 90 s), so they overlap rather than queue. Each line of an app's
# output is prefixed with its name; each sub-step prints its duration as it ends and is recorded in
# the step table (scripts/lib/step-times.sh, lane "packaging").
# Needs the npm registry; installs prefer the npm cache (--prefer-offline: a package's metadata is
# not revalidated when cached; measured: an install of nest11-cjs 91 s -> 49 s, and 187 s -> 81 s;
# stale metadata is revalidated when an install needs it: scripts/lib/npm-install.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
source scripts/lib/step-times.sh
source scripts/lib/npm-install.sh
log() { echo "[packaging] $*" >&2; }
# step NAME COMMAND...: one timed sub-step of this lane.
step() { timed_step packaging "$@"; }
export npm_config_prefer_offline=true

WORK="$(mktemp -d /tmp/nestjs-mcp-packaging.XXXXXX)"
# Removed in the background: the apps' node_modules (thousands of files) took minutes to delete
# on a loaded machine, after every check had passed.
trap 'rm -rf "$WORK" >/dev/null 2>&1 &' EXIT

apps=("$@")
if [[ ${#apps[@]} -eq 0 ]]; then
  for dir in "$ROOT"/test/packaging/*/; do apps+=("$(basename "$dir")"); done
fi

if [[ -n "${PACKAGING_TARBALL:-}" ]]; then
  log "node $(node --version): the tarball $PACKAGING_TARBALL"
  tarball="$WORK/$(basename "$PACKAGING_TARBALL")"
  cp "$PACKAGING_TARBALL" "$tarball"
else
  log "node $(node --version): packing nestjs-mcp"
  # The redirection inside the step: the step's own "== passed" line must not land in pack.out.
  pack() { npm pack --silent --pack-destination "$WORK" >"$WORK/pack.out"; }
  step "npm pack (the dual build)" pack
  tarball="$WORK/$(tail -n 1 "$WORK/pack.out")"
fi

# The installed `nestjs-mcp` bin (linked by npm from the tarball's package.json) calls a tool of
# the official everything server over stdio and prints its JSON result.
EVERYTHING="$ROOT/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
check_bin() {
  local out
  out="$(node_modules/.bin/nestjs-mcp call "node $EVERYTHING stdio" echo '{"message":"from the tarball"}')"
  grep -q 'Echo: from the tarball' <<<"$out" || { echo "bin output: $out"; return 1; }
}

# template_app APP: one app template, in its temp dir; stops at its first failed sub-step.
template_app() {
  local app="$1"
  cp -r "$ROOT/test/packaging/$app" "$WORK/$app"
  cd "$WORK/$app"
  step "$app: npm install (its dependencies and the tarball)" \
    cached_npm_install --no-audit --no-fund --loglevel=error "$tarball"
  step "$app: build" npm run -s build
  step "$app: test" npm test
  if [[ -n "$(npm pkg get scripts.test:dual-package | tr -d '{}')" ]]; then
    step "$app: test:dual-package" npm run -s test:dual-package
  fi
  if [[ -n "$(npm pkg get scripts.test:vitest | tr -d '{}')" ]]; then
    step "$app: test:vitest" npm run -s test:vitest
  fi
  step "$app: the nestjs-mcp bin, installed" check_bin
}

# run_part NAME COMMAND...: COMMAND with errexit in a subshell, each output line prefixed with
# "[NAME]"; side by side unless PACKAGING_SERIAL=1. Its status is collected by wait_parts.
pids=()
failed=()
run_part() {
  local name="$1"
  shift
  if [[ "${PACKAGING_SERIAL:-0}" == 1 ]]; then
    set +e # not `(...) || ...`: errexit is off for everything on the left of `||`
    (set -e && "$@") > >(sed -u "s/^/[$name] /") 2>&1
    [[ $? == 0 ]] || failed+=("$name")
    set -e
  else
    (set -e && "$@") > >(sed -u "s/^/[$name] /") 2>&1 &
    pids+=("$name:$!")
  fi
}

# The schematics first: their apps take longest (two installs each, the docs' jest run).
if [[ $# -eq 0 ]]; then
  run_part schematics bash "$ROOT/scripts/schematics-e2e.sh" "$tarball"
fi
for app in "${apps[@]}"; do
  run_part "$app" template_app "$app"
done
for entry in ${pids[@]+"${pids[@]}"}; do
  wait "${entry#*:}" || failed+=("${entry%%:*}")
done

if [[ ${#failed[@]} -gt 0 ]]; then
  log "FAILED: ${failed[*]}"
  print_step_times
  exit 1
fi
log "ok: ${apps[*]}"
print_step_times
