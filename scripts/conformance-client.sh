#!/usr/bin/env bash
# Runs the official MCP conformance suite in client mode against the built test client
# `dist/sample/04-conformance-client/main.js` (`npm run conformance:client` builds it first).
# Each scenario runs on its own at the wire version of one protocol revision (--spec-version): the
# runner starts a scenario server, then the client with the server URL as its last argument, the
# scenario name in MCP_CONFORMANCE_SCENARIO and the revision in MCP_CONFORMANCE_PROTOCOL_VERSION.
# The default scenarios are the client scenarios of the revision's frozen requirement set
# (`conformance list --requirements REV`), the auth/* ones included (the client's McpOAuthClient,
# sample/04-conformance-client/src/auth-scenario.ts), plus the unscored
# json-schema-2020-12-preservation. Without REQUIREMENTS both sets run, one
# after the other; each set's results live in conformance-results/client-REV/ (no clobbering).
#
# The suite needs Node >= 22; it and a private Node 22 are installed into the git-ignored `.tools/`
# directory (shared with scripts/conformance-server.sh). The client itself runs on the system Node.
#
# Environment:
#   REQUIREMENTS the revisions, space-separated (default: "2025-11-25 2026-07-28")
#   SCENARIOS    space-separated scenarios (default: each set's client scenarios)
#   EXTRA_ARGS   extra arguments for `conformance client` (e.g. "--verbose")
#
# Exit code: 1 when any scenario has a FAILURE or WARNING (the runner's own rule), else 0.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"

CONFORMANCE_VERSION="0.2.0-alpha.12" # keep equal to scripts/conformance-server.sh (same .tools dir)
CONFORMANCE_BIN="$TOOLS_DIR/conformance/node_modules/.bin/conformance"
CLIENT="dist/sample/04-conformance-client/main.js"
REQUIREMENTS="${REQUIREMENTS:-2025-11-25 2026-07-28}"
REQUIREMENTS_DIR="$TOOLS_DIR/conformance/node_modules/@modelcontextprotocol/conformance/requirements"

log() { echo "[conformance-client] $*" >&2; }

# --- Tools --------------------------------------------------------------------------------------

ensure_node22
ensure_tool conformance @modelcontextprotocol/conformance "$CONFORMANCE_VERSION"
if [[ ! -f "$CLIENT" ]]; then
  log "$CLIENT is missing: run 'npm run build' first (or 'npm run conformance:client')"
  exit 2
fi

# --- Scenarios ----------------------------------------------------------------------------------

# The client runs on the system Node, whatever is first on PATH for the runner.
CLIENT_COMMAND="$(command -v node) $ROOT/$CLIENT"

# Runs the client scenarios of one requirement set ($1) and prints its count line.
run_set() {
  local requirements="$1"
  local requirements_file="$REQUIREMENTS_DIR/$requirements.yaml"
  local results_dir="conformance-results/client-$requirements" # git-ignored; the last run
  if [[ ! -f "$requirements_file" ]]; then
    log "unknown requirement set '$requirements'"
    return 2
  fi
  local scenarios="${SCENARIOS:-}"
  # The `client:` list of the requirements YAML ("  - name" lines up to the next top-level key).
  if [[ -z "$scenarios" ]]; then
    scenarios="$(awk '/^[^ #]/ { in_client = ($0 ~ /^client:/) } in_client && /^ +- / { print $2 }' \
      "$requirements_file" | xargs) json-schema-2020-12-preservation"
  fi
  rm -rf "$results_dir"
  mkdir -p "$results_dir"
  local set_status=0
  for scenario in $scenarios; do
    log "scenario $scenario ($requirements wire)"
    # shellcheck disable=SC2086 # EXTRA_ARGS is split on purpose
    PATH="$NODE22_BIN:$PATH" "$CONFORMANCE_BIN" client --command "$CLIENT_COMMAND" \
      --scenario "$scenario" --spec-version "$requirements" -o "$results_dir" ${EXTRA_ARGS:-} ||
      set_status=1
  done

  # Count the checks of these runs: FAILURE and WARNING are reported separately.
  # shellcheck disable=SC2086 # scenarios is split on purpose
  PATH="$NODE22_BIN:$PATH" node - "$results_dir" "$requirements" $scenarios <<'EOF' || true
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const [dir, requirements, ...scenarios] = process.argv.slice(2);
const counts = { SUCCESS: 0, FAILURE: 0, WARNING: 0, other: 0 };
const bad = [];
const seen = new Set();
// A scenario named `auth/x` keeps its results under `auth/x-<time>`: one level of folders.
const entries = (existsSync(dir) ? readdirSync(dir) : []).flatMap((entry) =>
  existsSync(join(dir, entry, 'checks.json'))
    ? [entry]
    : readdirSync(join(dir, entry)).map((inner) => `${entry}/${inner}`),
);
for (const entry of entries) {
  const scenario = scenarios.find((s) => entry.startsWith(`${s}-20`));
  const file = join(dir, entry, 'checks.json');
  if (!scenario || !existsSync(file)) continue;
  seen.add(scenario);
  for (const check of JSON.parse(readFileSync(file, 'utf8'))) {
    counts[check.status in counts ? check.status : 'other']++;
    if (check.status === 'FAILURE' || check.status === 'WARNING') {
      bad.push(`  ${check.status} ${scenario}: ${check.id}: ${check.errorMessage ?? check.description}`);
    }
  }
}
for (const scenario of scenarios) {
  if (!seen.has(scenario)) bad.push(`  FAILURE ${scenario}: no checks recorded`);
}
if (bad.length > 0) console.log(bad.join('\n'));
const failed = counts.FAILURE + scenarios.filter((s) => !seen.has(s)).length;
console.log(
  `conformance-client ${requirements}: ${counts.SUCCESS} passed, ${failed} failed, ${counts.WARNING} warnings` +
    ` (${scenarios.length} scenarios)`,
);
EOF
  return "$set_status"
}

status=0
for requirements in $REQUIREMENTS; do
  run_set "$requirements" || status=1
done
exit "$status"
