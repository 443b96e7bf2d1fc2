#!/usr/bin/env bash
# Runs the official MCP conformance suite in client mode against the built test client
# `dist/sample/04-conformance-client/main.js` (`npm run conformance:client` builds it first), the
# way the suite documents it: `conformance client --command ... --requirements REV`, one run per
# revision, which runs the revision's frozen client scenarios side by side (in parallel, as users
# and CI boxes run it) at that revision's wire. Each run also runs what it reports but does not
# score: the OAuth extension scenarios (client credentials, enterprise-managed authorization,
# DPoP, workload identity; sample/04-conformance-client/src/extension-auth.ts) and scenarios added
# after the release (json-schema-2020-12-preservation). This script holds every scenario it ran
# to the same bar: a FAILURE or WARNING in any of them, scored or not, fails the run.
# The runner starts a scenario server, then the client with the server URL as its last argument,
# the scenario name in MCP_CONFORMANCE_SCENARIO and the revision in
# MCP_CONFORMANCE_PROTOCOL_VERSION. Each set's results live in conformance-results/client-REV/.
#
# Debugging aid: PER_SCENARIO=1 (or SCENARIOS="a b") runs scenarios one at a time with
# `--spec-version REV` instead (the set `extensions` = the six OAuth extension scenarios, without
# `--spec-version`, as they are on no spec timeline).
#
# The suite needs Node >= 22; it and a private Node 22 are installed into the git-ignored `.tools/`
# directory (shared with scripts/conformance-server.sh). The client itself runs on the system Node.
#
# Environment:
#   REQUIREMENTS the revisions, space-separated (default: "2025-11-25 2026-07-28")
#   PER_SCENARIO 1: one scenario at a time (default 0: the requirement set, in parallel)
#   SCENARIOS    space-separated scenarios (implies PER_SCENARIO=1; default: the set's scenarios)
#   SCENARIO_TIMEOUT_MS the runner's per-scenario limit (default 120000)
#   EXTRA_ARGS   extra arguments for `conformance client` (e.g. "--verbose")
#
# Exit code: 1 when any scenario run has a FAILURE or WARNING, or the runner failed, else 0.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"

CONFORMANCE_VERSION="0.2.0-alpha.12" # keep equal to scripts/conformance-server.sh (same .tools dir)
CONFORMANCE_BIN="$TOOLS_DIR/conformance/node_modules/.bin/conformance"
CLIENT="dist/sample/04-conformance-client/main.js"
REQUIREMENTS="${REQUIREMENTS:-2025-11-25 2026-07-28}"
PER_SCENARIO="${PER_SCENARIO:-0}"
# Per-scenario limit of the runner (its default is 30 s): scenarios run side by side on a machine
# that may be busy with other work, and the client's own requests wait up to 60 s.
SCENARIO_TIMEOUT_MS="${SCENARIO_TIMEOUT_MS:-120000}"
[[ -n "${SCENARIOS:-}" ]] && PER_SCENARIO=1
EXTENSION_SCENARIOS="auth/client-credentials-jwt auth/client-credentials-basic auth/enterprise-managed-authorization auth/dpop auth/dpop-nonce auth/wif-jwt-bearer"
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
  local scenarios="${SCENARIOS:-}"
  local version_args=(--spec-version "$requirements")
  if [[ "$requirements" == extensions ]]; then
    scenarios="${scenarios:-$EXTENSION_SCENARIOS}"
    version_args=()
  elif [[ ! -f "$requirements_file" ]]; then
    log "unknown requirement set '$requirements'"
    return 2
  fi
  # The `client:` list of the requirements YAML ("  - name" lines up to the next top-level key).
  if [[ -z "$scenarios" ]]; then
    scenarios="$(awk '/^[^ #]/ { in_client = ($0 ~ /^client:/) } in_client && /^ +- / { print $2 }' \
      "$requirements_file" | xargs) json-schema-2020-12-preservation"
  fi
  rm -rf "$results_dir"
  mkdir -p "$results_dir"
  local set_status=0
  if [[ "$PER_SCENARIO" != 1 && "$requirements" != extensions ]]; then
    log "requirement set $requirements (scenarios in parallel)"
    # shellcheck disable=SC2086 # EXTRA_ARGS is split on purpose
    PATH="$NODE22_BIN:$PATH" "$CONFORMANCE_BIN" client --command "$CLIENT_COMMAND" \
      --requirements "$requirements" --timeout "$SCENARIO_TIMEOUT_MS" -o "$results_dir" ${EXTRA_ARGS:-} ||
      set_status=1
  else
    for scenario in $scenarios; do
      log "scenario $scenario ($requirements wire)"
      # shellcheck disable=SC2086 # EXTRA_ARGS is split on purpose
      PATH="$NODE22_BIN:$PATH" "$CONFORMANCE_BIN" client --command "$CLIENT_COMMAND" \
        --scenario "$scenario" "${version_args[@]}" -o "$results_dir" ${EXTRA_ARGS:-} ||
        set_status=1
    done
  fi

  # Count the checks of every scenario recorded (the expected ones must all be there); a FAILURE
  # or WARNING anywhere, scored by the suite or not, fails the set.
  # shellcheck disable=SC2086 # scenarios is split on purpose
  PATH="$NODE22_BIN:$PATH" node - "$results_dir" "$requirements" $scenarios <<'EOF' || set_status=1
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
  const scenario = entry.replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
  const file = join(dir, entry, 'checks.json');
  if (!existsSync(file)) continue;
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
    ` (${seen.size} scenarios run, ${scenarios.length} expected)`,
);
process.exit(failed + counts.WARNING > 0 ? 1 : 0);
EOF
  return "$set_status"
}

status=0
for requirements in $REQUIREMENTS; do
  run_set "$requirements" || status=1
done
exit "$status"
