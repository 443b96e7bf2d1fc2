#!/usr/bin/env bash
# Runs the official MCP conformance suite (server mode) against the built fixture
# `dist/sample/02-conformance-fixture/main.js` (`npm run conformance` builds it first), with the
# frozen requirement set of one protocol revision (`conformance list --requirements REV` shows it).
# Scenarios of the set that the suite runs but never scores (extension, pending, added after the
# release) are reported on their own summary line and do not change the exit code, except the
# scenarios of extensions this project implements (SCORED_EXTENSIONS below): those count as scored.
#
# The suite needs Node >= 22; it and a private Node 22 are installed into the git-ignored `.tools/`
# directory, so the system Node and global packages are never touched.
#
# Usage: scripts/conformance-server.sh [REQUIREMENTS] [MOUNT]
#   MOUNT        how the fixture serves /mcp: controller (default, Express), fast (the module's
#                fastPath on Express), fast-fastify (fastPath on Fastify) or gateway-nats (a
#                gateway in front of the fixture served over NATS: NATS_URL, else the broker
#                on 127.0.0.1:4222, else a private nats-server); results of a mount
#                other than controller go to conformance-results/server-REQUIREMENTS-MOUNT
# Environment:
#   REQUIREMENTS the requirement set (revision) when no argument is given: 2025-11-25 (default) or
#                2026-07-28
#   PORT         port of the fixture (default 3001; the next free port is used when it is taken)
#   EXTRA_ARGS   extra arguments for `conformance server` (e.g. "--verbose"); with "--scenario X"
#                the one scenario runs at the set's wire version (--spec-version) instead of the set
#
# Exit code: the suite's (1 when a check of a scored scenario is a FAILURE), 2 on setup errors.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"

CONFORMANCE_VERSION="0.2.0-alpha.12"
CONFORMANCE_BIN="$TOOLS_DIR/conformance/node_modules/.bin/conformance"
REQUIREMENTS="${1:-${REQUIREMENTS:-2025-11-25}}"
MOUNT="${2:-controller}"
case "$MOUNT" in
  controller) MOUNT_ENV=() ;;
  fast) MOUNT_ENV=(MCP_FAST_PATH=1) ;;
  fast-fastify) MOUNT_ENV=(MCP_FAST_PATH=1 MCP_PLATFORM=fastify) ;;
  gateway-nats) MOUNT_ENV=(NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}") ;;
  *)
    echo "[conformance] unknown mount '$MOUNT' (controller, fast, fast-fastify, gateway-nats)" >&2
    exit 2
    ;;
esac
REQUIREMENTS_DIR="$TOOLS_DIR/conformance/node_modules/@modelcontextprotocol/conformance/requirements"
FIXTURE="dist/sample/02-conformance-fixture/main.js"
# gateway-nats: a gateway whose every tool, prompt and resource lives in a service (the same
# fixture) it reaches only over NATS (NATS_URL, default the local broker on 4222).
[[ "$MOUNT" == gateway-nats ]] && FIXTURE="dist/sample/12-microservice/conformance-gateway.js"
RESULTS_DIR="conformance-results/server-$REQUIREMENTS" # git-ignored; the last run of this set
[[ "$MOUNT" == controller ]] || RESULTS_DIR="$RESULTS_DIR-$MOUNT"
SERVER_LOG="$RESULTS_DIR/fixture-server.log"
# Not-scored scenarios (regular expression on the name) of the extensions the fixture implements:
# the io.modelcontextprotocol/tasks extension (issue 14). They are scored like the set's own.
SCORED_EXTENSIONS='^tasks-'
# A gateway forwards tools, prompts, resources and input rounds, not tasks (no tasks/* methods of
# its own): through it the tasks extension stays unscored, as the suite has it.
[[ "$MOUNT" == gateway-nats ]] && SCORED_EXTENSIONS='^$'

log() { echo "[conformance] $*" >&2; }

# --- Tools --------------------------------------------------------------------------------------

ensure_node22
ensure_tool conformance @modelcontextprotocol/conformance "$CONFORMANCE_VERSION"
if [[ ! -f "$REQUIREMENTS_DIR/$REQUIREMENTS.yaml" ]]; then
  log "unknown requirement set '$REQUIREMENTS'; known: $(basename -s .yaml "$REQUIREMENTS_DIR"/*.yaml | xargs)"
  exit 2
fi

# --- Fixture ------------------------------------------------------------------------------------

if [[ ! -f "$FIXTURE" ]]; then
  log "$FIXTURE is missing: run 'npm run build' first (or 'npm run conformance')"
  exit 2
fi

port_is_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

PORT="${PORT:-3001}"
for _ in $(seq 1 50); do
  port_is_free "$PORT" && break
  PORT=$((PORT + 1))
done
if ! port_is_free "$PORT"; then
  log "no free port found"
  exit 2
fi

rm -rf "$RESULTS_DIR"
mkdir -p "$RESULTS_DIR"
SERVER_PID=""
NATS_PID=""
cleanup() {
  local pid
  for pid in "$SERVER_PID" "$NATS_PID"; do
    if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# gateway-nats without NATS_URL and no broker on 4222: a private nats-server on a free port.
if [[ "$MOUNT" == gateway-nats && -z "${NATS_URL:-}" ]] && port_is_free 4222; then
  NATS_BIN="$(command -v nats-server || echo /usr/sbin/nats-server)"
  if [[ ! -x "$NATS_BIN" ]]; then
    log "no NATS broker on 127.0.0.1:4222 and no nats-server to start: set NATS_URL"
    exit 2
  fi
  NATS_PORT=14222
  while ! port_is_free "$NATS_PORT" || [[ "$NATS_PORT" == "$PORT" ]]; do
    NATS_PORT=$((NATS_PORT + 1))
  done
  "$NATS_BIN" -a 127.0.0.1 -p "$NATS_PORT" >"$RESULTS_DIR/nats-server.log" 2>&1 &
  NATS_PID=$!
  for _ in $(seq 1 50); do
    port_is_free "$NATS_PORT" || break
    sleep 0.1
  done
  log "started a private nats-server on 127.0.0.1:$NATS_PORT"
  MOUNT_ENV=(NATS_URL="nats://127.0.0.1:$NATS_PORT")
fi

URL="http://127.0.0.1:$PORT/mcp"
log "starting the fixture ($MOUNT) on $URL (log: $SERVER_LOG)"
env "${MOUNT_ENV[@]}" PORT="$PORT" HOST="127.0.0.1" node "$FIXTURE" >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!

# Any HTTP answer (even 4xx for a bare GET) means the server is up; give up after ~30 s.
ready=""
for _ in $(seq 1 150); do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    log "the fixture exited during startup:"
    cat "$SERVER_LOG" >&2
    exit 2
  fi
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$URL" || true)"
  if [[ -n "$code" && "$code" != "000" ]]; then
    ready=1
    break
  fi
  sleep 0.2
done
if [[ -z "$ready" ]]; then
  log "the fixture did not answer on $URL in time:"
  cat "$SERVER_LOG" >&2
  exit 2
fi

# --- Suite --------------------------------------------------------------------------------------

# --requirements cannot be combined with --scenario: one scenario runs at the set's wire version.
SELECT=(--requirements "$REQUIREMENTS")
[[ " ${EXTRA_ARGS:-} " == *" --scenario "* ]] && SELECT=(--spec-version "$REQUIREMENTS")

log "running conformance@$CONFORMANCE_VERSION ${SELECT[*]} (results: $RESULTS_DIR/)"
status=0
# shellcheck disable=SC2086 # EXTRA_ARGS is split on purpose
PATH="$NODE22_BIN:$PATH" "$CONFORMANCE_BIN" server --url "$URL" "${SELECT[@]}" -o "$RESULTS_DIR" \
  ${EXTRA_ARGS:-} || status=$?

# Count the checks of this run, the scored scenarios (the set's `server:` list) apart from those the
# suite runs for visibility only. FAILURE and WARNING are listed; INFO and SKIPPED only counted.
# A scenario that crashes leaves no checks.json (the runner counts it failed): with the whole set
# selected, every server scenario of the set without results is listed and counted as a failure.
WHOLE_SET=1
[[ "${SELECT[0]}" == "--requirements" ]] || WHOLE_SET=0
PATH="$NODE22_BIN:$PATH" node - "$RESULTS_DIR" "$REQUIREMENTS_DIR/$REQUIREMENTS.yaml" "$REQUIREMENTS" \
  "$WHOLE_SET" "$SCORED_EXTENSIONS" <<'EOF' || true
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const [dir, requirementsFile, revision, wholeSet, scoredExtensions] = process.argv.slice(2);
const implemented = new RegExp(scoredExtensions);
// From the requirements YAML: the `server:` list ("  - name" lines up to the next top-level key)
// and the `not_scored:` entries whose `leg` is server.
const scored = new Set();
const unscored = new Set();
let section = '';
let pending = '';
for (const line of readFileSync(requirementsFile, 'utf8').split('\n')) {
  if (/^\S/.test(line)) section = line.replace(/:.*$/, '');
  else if (section === 'server' && /^\s+-\s+\S/.test(line)) {
    scored.add(line.replace(/^\s+-\s+/, '').trim());
  } else if (section === 'not_scored') {
    const scenario = /^\s+-\s+scenario:\s*(\S+)/.exec(line);
    if (scenario) pending = scenario[1];
    if (/^\s+leg:\s*server\s*$/.test(line) && pending) {
      (implemented.test(pending) ? scored : unscored).add(pending);
    }
  }
}
const tally = () => ({ SUCCESS: 0, FAILURE: 0, WARNING: 0, other: 0, scenarios: new Set() });
const counts = { scored: tally(), unscored: tally() };
const bad = [];
for (const entry of existsSync(dir) ? readdirSync(dir).sort() : []) {
  const file = join(dir, entry, 'checks.json');
  if (!existsSync(file)) continue;
  const scenario = entry.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT.*$/, '');
  const bucket = scored.has(scenario) ? counts.scored : counts.unscored;
  bucket.scenarios.add(scenario);
  for (const check of JSON.parse(readFileSync(file, 'utf8'))) {
    bucket[check.status in bucket ? check.status : 'other']++;
    if (check.status === 'FAILURE' || check.status === 'WARNING') {
      const tag = bucket === counts.scored ? '' : ' (not scored)';
      bad.push(`  ${check.status} ${scenario}${tag}: ${check.id}: ${check.errorMessage ?? check.description}`);
    }
  }
}
if (wholeSet === '1') {
  for (const [names, bucket, tag] of [
    [scored, counts.scored, ''],
    [unscored, counts.unscored, ' (not scored)'],
  ]) {
    for (const scenario of names) {
      if (bucket.scenarios.has(scenario)) continue;
      bucket.scenarios.add(scenario);
      bucket.FAILURE++;
      bad.push(`  FAILURE ${scenario}${tag}: no checks recorded (see the runner output above)`);
    }
  }
}
const summary = (c) =>
  `${c.SUCCESS} passed, ${c.FAILURE} failed, ${c.WARNING} warnings` +
  (c.other ? `, ${c.other} info/skipped` : '') +
  ` (${c.scenarios.size} scenarios)`;
if (bad.length > 0) console.log(bad.join('\n'));
console.log(`conformance ${revision}: ${summary(counts.scored)}`);
// What the CI summary (scripts/test-summary.mjs) counts: the scored scenarios only.
require('node:fs').writeFileSync(
  join(dir, 'summary.json'),
  JSON.stringify({ passed: counts.scored.SUCCESS, failed: counts.scored.FAILURE + counts.scored.WARNING }),
);
if (counts.unscored.scenarios.size > 0) {
  console.log(`conformance ${revision}, not scored: ${summary(counts.unscored)}`);
}
EOF

# A scored extension scenario (SCORED_EXTENSIONS) that failed fails the run too (the suite itself
# treats it as not scored).
if [[ "$status" -eq 0 ]] && grep -q '"failed":[1-9]' "$RESULTS_DIR/summary.json" 2>/dev/null; then
  status=1
fi

exit "$status"
