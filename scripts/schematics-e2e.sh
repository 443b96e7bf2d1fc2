#!/usr/bin/env bash
# Schematics e2e: `nest add` and `nest g` from the packed tarball in apps freshly made by the Nest
# CLI 11 (CommonJS, jest, eslint) and the Nest CLI 12 (ESM, vitest, oxlint). For each: `nest new`
# (no install), one `npm install` of the app's own dependencies, the tarball and its peers (the
# getting-started page's line), the docs in the app (docs_in_app), then with the
# app's own CLI `nest add nestjs-mcp --skip-install` (the package is installed already: `nest add`
# would otherwise install it from the registry, where it is not yet) and `nest g -c nestjs-mcp`
# for each generator, then the app's own `npm run build`, `npm test`, `npm run test:e2e` and
# `npm run lint`; then the built app is started and its generated tools are called with the
# official SDK v1 client over Streamable HTTP (scripts/lib/sdk-call-app.mjs), answers asserted.
# Usage: scripts/schematics-e2e.sh TARBALL [11|12 ...]; without majors, SCHEMATICS_NEST (e.g.
# SCHEMATICS_NEST=12) or both. Needs the npm registry; installs prefer the npm cache
# (--prefer-offline, as in scripts/packaging-e2e.sh). Each sub-step prints its duration as it ends
# and is recorded in the step table (scripts/lib/step-times.sh, lane "packaging").
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
log() { echo "[schematics] $*" >&2; }
tarball="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cd "$ROOT"
source scripts/lib/step-times.sh
source scripts/lib/npm-install.sh
# step NAME COMMAND...: one timed sub-step.
step() { timed_step packaging "$@"; }
export npm_config_prefer_offline=true
shift
majors=("$@")
# shellcheck disable=SC2206 # SCHEMATICS_NEST is a space-separated list of majors
[[ ${#majors[@]} -gt 0 ]] || majors=(${SCHEMATICS_NEST:-11 12})
declare -A CLI=([11]=11.0.13 [12]=12.0.8)

WORK="$(mktemp -d /tmp/nestjs-mcp-schematics.XXXXXX)"
# Removed in the background: the apps' node_modules (thousands of files) took minutes to delete
# on a loaded machine, after every check had passed.
trap 'rm -rf "$WORK" >/dev/null 2>&1 &' EXIT

# What each generator writes for its name (the files `nest g` must leave; it reports failures
# without failing).
GENERATED=(
  "mcp-tool weather src/weather/weather.tool.ts"
  "mcp-resource stations src/stations/stations.resource.ts"
  "mcp-prompt trip-plan src/trip-plan/trip-plan.prompt.ts"
  "mcp-app-view weather-card src/weather-card/weather-card.view.ts"
)

# docs_in_app MAJOR (in the app's folder, as the CLI made it): the app's dependencies and the
# getting-started page's install line (the tarball, zod, the official SDK) in one `npm install`,
# then the docs followed in the app by the `cli-apps` jest project (test/cli-apps): every page's
# blocks that import only what the app has compiled with the app's own tsconfig, and the
# getting-started walk-through (the app's own jest or vitest, build, the page's client scripts).
# The app's files are then put back as the CLI made them; node_modules stays, with nestjs-mcp and
# its peers installed, for `nest add --skip-install`, which records them in package.json. (Before,
# a first `npm install TARBALL` and then the page's line: a second install, 90 s at load ~14, that
# only added the SDK.) Returns 1 when the docs failed, 2 when the install did.
docs_in_app() {
  local major="$1" status=0 sdk app="$PWD"
  local specs=(test/cli-apps/doc-blocks.cli-spec.ts test/cli-apps/getting-started.cli-spec.ts)
  sdk="$(node -p "require('$ROOT/node_modules/@modelcontextprotocol/sdk/package.json').version")"
  tar -cf "$WORK/app$major.tar" .
  log "nest $major: npm install (the app's dependencies and the getting-started page's line)"
  step "nest $major: npm install (the app's dependencies and the getting-started page's line)" \
    cached_npm_install --no-audit --no-fund --loglevel=error "$tarball" zod "@modelcontextprotocol/sdk@$sdk" >&2 ||
    return 2
  log "nest $major: the docs in the app (${specs[*]})"
  step "nest $major: the docs in the app (jest, cli-apps)" docs_jest "$app" "${specs[@]}" >&2 || status=1
  find . -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
  tar -xf "$WORK/app$major.tar"
  return "$status"
}

# docs_jest APP SPEC...: the `cli-apps` jest project on the app.
docs_jest() {
  local app="$1"
  shift
  (cd "$ROOT" && CLI_APP_DIR="$app" node --experimental-vm-modules node_modules/jest/bin/jest.js \
    --selectProjects cli-apps --runInBand --forceExit "${@/#/$ROOT/}")
}

# nest_new MAJOR FLAG...: `nest new appMAJOR` with that major's CLI, in the current folder.
nest_new() {
  npx -y "@nestjs/cli@${CLI[$1]}" new "app$1" "${@:2}" </dev/null >/dev/null
}

# nest_g SCHEMATIC NAME FILE: one generator, with the app's own CLI; FILE and its spec must exist.
nest_g() {
  npx nest g -c nestjs-mcp "$1" "$2" </dev/null >&2
  [[ -f "$3" && -f "${3%.ts}.spec.ts" ]] || { log "no $3 (or its spec)"; return 1; }
}

one_app() {
  local major="$1" app="$WORK/app$1" docs=0
  log "nest $major: nest new (no install)"
  local flags=(--skip-git --skip-install --package-manager npm)
  [[ "$major" == 11 ]] || flags+=(--no-observe)
  cd "$WORK"
  step "nest $major: nest new (no install)" nest_new "$major" "${flags[@]}"
  cd "$app"
  docs_in_app "$major" || docs=$?
  [[ "$docs" != 2 ]] || return 1
  log "nest $major: nest add nestjs-mcp"
  step "nest $major: nest add nestjs-mcp" npx nest add nestjs-mcp --skip-install </dev/null >&2
  grep -q 'McpModule.forRoot' src/app.module.ts
  grep -q '"zod"' package.json
  grep -q '"nestjs-mcp"' package.json
  for entry in "${GENERATED[@]}"; do
    read -r schematic name file <<<"$entry"
    log "nest $major: nest g -c nestjs-mcp $schematic $name"
    step "nest $major: nest g $schematic" nest_g "$schematic" "$name" "$file"
  done
  log "nest $major: the app's own build, test, e2e test and lint"
  step "nest $major: npm run build" npm run -s build >&2
  step "nest $major: npm test" npm test >&2
  step "nest $major: npm run test:e2e" npm run -s test:e2e >&2
  step "nest $major: npm run lint" npm run -s lint >&2
  log "nest $major: the built app, called with the official SDK client"
  step "nest $major: the built app, called with the SDK client" \
    node "$ROOT/scripts/lib/sdk-call-app.mjs" dist/main.js \
    'hello=from the sdk=hello: from the sdk' 'weather=rain=weather: rain' >&2
  [[ "$docs" == 0 ]] || { log "nest $major: the docs in the app FAILED (above)"; return 1; }
}

# The apps are made side by side (SCHEMATICS_SERIAL=1: one after the other): most of each one's
# time is npm installs and its own jest/vitest runs, so two share the machine's two cores better
# than they queue (each line of an app's output is prefixed with "[nestMAJOR]").
# run_app MAJOR: one app, its output prefixed; returns its status.
run_app() {
  # Not `(one_app) || ...`: errexit is off for everything on the left of `||`.
  set +e
  (set -e && one_app "$1") > >(sed -u "s/^/[nest$1] /") 2>&1
  local status=$?
  set -e
  return "$status"
}
failed=()
pids=()
for major in "${majors[@]}"; do
  if [[ "${SCHEMATICS_SERIAL:-0}" == 1 ]]; then
    run_app "$major" || failed+=("nest$major")
  else
    run_app "$major" &
    pids+=("$major:$!")
  fi
done
for entry in "${pids[@]}"; do
  wait "${entry#*:}" || failed+=("nest${entry%%:*}")
done
if [[ ${#failed[@]} -gt 0 ]]; then
  log "FAILED: ${failed[*]}"
  print_step_times
  exit 1
fi
log "ok: nest ${majors[*]}"
print_step_times
