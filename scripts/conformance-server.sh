#!/usr/bin/env bash
# Runs the official MCP conformance suite (server mode, all scenarios) against the built fixture
# `dist/sample/02-conformance-fixture/main.js` (`npm run conformance` builds it first).
#
# The suite needs Node >= 22; it and a private Node 22 are installed into the git-ignored `.tools/`
# directory, so the system Node and global packages are never touched.
#
# Environment:
#   PORT         port of the fixture (default 3001; the next free port is used when it is taken)
#   EXTRA_ARGS   extra arguments for `conformance server` (e.g. "--scenario ping --verbose")
#
# Exit code: the suite's (1 when any check is a FAILURE).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"

CONFORMANCE_VERSION="0.1.16"
CONFORMANCE_BIN="$TOOLS_DIR/conformance/node_modules/.bin/conformance"
FIXTURE="dist/sample/02-conformance-fixture/main.js"
RESULTS_DIR="conformance-results" # git-ignored; holds the last run only
SERVER_LOG="$RESULTS_DIR/fixture-server.log"

log() { echo "[conformance] $*" >&2; }

# --- Tools --------------------------------------------------------------------------------------

ensure_node22
ensure_tool conformance @modelcontextprotocol/conformance "$CONFORMANCE_VERSION"

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
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

URL="http://127.0.0.1:$PORT/mcp"
log "starting the fixture on $URL (log: $SERVER_LOG)"
PORT="$PORT" HOST="127.0.0.1" node "$FIXTURE" >"$SERVER_LOG" 2>&1 &
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

log "running conformance@$CONFORMANCE_VERSION (results: $RESULTS_DIR/)"
status=0
# shellcheck disable=SC2086 # EXTRA_ARGS is split on purpose
PATH="$NODE22_BIN:$PATH" "$CONFORMANCE_BIN" server --url "$URL" --suite all -o "$RESULTS_DIR" \
  ${EXTRA_ARGS:-} || status=$?

# Count the checks of this run: FAILURE and WARNING are reported separately.
PATH="$NODE22_BIN:$PATH" node - "$RESULTS_DIR" <<'EOF' || true
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const dir = process.argv[2];
const counts = { SUCCESS: 0, FAILURE: 0, WARNING: 0, other: 0 };
const bad = [];
for (const entry of existsSync(dir) ? readdirSync(dir) : []) {
  const file = join(dir, entry, 'checks.json');
  if (!existsSync(file)) continue;
  for (const check of JSON.parse(readFileSync(file, 'utf8'))) {
    counts[check.status in counts ? check.status : 'other']++;
    if (check.status === 'FAILURE' || check.status === 'WARNING') {
      bad.push(`  ${check.status} ${entry.replace(/-\d{4}-\d\d-\d\dT.*$/, '')}: ${check.id}: ${check.errorMessage ?? check.description}`);
    }
  }
}
if (bad.length > 0) console.log(bad.join('\n'));
console.log(
  `conformance: ${counts.SUCCESS} passed, ${counts.FAILURE} failed, ${counts.WARNING} warnings` +
    (counts.other ? `, ${counts.other} info/skipped` : ''),
);
EOF

exit "$status"
