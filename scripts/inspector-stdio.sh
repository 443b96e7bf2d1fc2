#!/usr/bin/env bash
# Interop check of the stdio transport with the official MCP Inspector CLI: it launches the built
# stdio sample (`dist/sample/03-stdio/main.js`) as a desktop client would and calls it.
#
#   npm run build && bash scripts/inspector-stdio.sh
#
# The Inspector needs Node >= 22; it and a private Node 22 are installed into the git-ignored
# `.tools/` directory (the same way scripts/conformance-server.sh does), so the system Node and
# global packages are never touched. The server itself runs under the project's Node (`node` on
# PATH), like a desktop client would launch it.
#
# Exit code: 0 when every check passed, 1 when one failed, 2 when the setup failed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"

SAMPLE="dist/sample/03-stdio/main.js"

log() { echo "[inspector-stdio] $*" >&2; }

# --- Tools --------------------------------------------------------------------------------------

# The server runs under the project's own Node; only the Inspector needs Node 22.
SERVER_NODE="$(command -v node)"
ensure_inspector

if [[ ! -f "$SAMPLE" ]]; then
  log "$SAMPLE is missing: run 'npm run build' first"
  exit 2
fi

# The Inspector keeps a server catalog; point it at a throw-away file instead of ~/.mcp-inspector.
WORK_DIR="$(mktemp -d)"
trap 'rm -rf "$WORK_DIR"' EXIT
export MCP_CATALOG_PATH="$WORK_DIR/catalog.json"

# --- Checks -------------------------------------------------------------------------------------

passed=0
failed=0

# check <name> <assertion JS on `r` (the parsed stdout)> <inspector arguments...>
check() {
  local name="$1" assertion="$2"
  shift 2
  local out="$WORK_DIR/out.json" err="$WORK_DIR/err.txt" status=0
  # The Inspector's own connect timeout (15 s) is shorter than the demo's start-up on a loaded
  # two-core machine (npm test runs three lanes; two of four checks timed out at load 28).
  timeout 90 "$NODE22_BIN/node" "$INSPECTOR_BIN" --cli "$SERVER_NODE" "$SAMPLE" \
    --connect-timeout 60000 "$@" \
    >"$out" 2>"$err" || status=$?
  if [[ "$status" -eq 0 ]] && "$NODE22_BIN/node" -e "
      const r = JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'));
      if (!($assertion)) { console.error('assertion failed: $name'); process.exit(1); }
    " "$out" 2>>"$err"; then
    passed=$((passed + 1))
    log "PASS $name"
  else
    failed=$((failed + 1))
    log "FAIL $name (inspector exit $status)"
    sed 's/^/    stdout: /' "$out" >&2 || true
    tail -n 20 "$err" | sed 's/^/    stderr: /' >&2 || true
  fi
}

check "tools/list" \
  "['echo','add','countdown','saveNote','greetUser'].every((n) => r.tools.some((t) => t.name === n))" \
  --method tools/list
check "tools/call echo" \
  "r.content.length === 1 && r.content[0].type === 'text' && r.content[0].text === 'hi'" \
  --method tools/call --tool-name echo --tool-arg text=hi
check "resources/read demo://about" \
  "r.contents[0].uri === 'demo://about' && /demo server/.test(r.contents[0].text)" \
  --method resources/read --uri demo://about
check "prompts/get summarise" \
  "r.messages[0].content.text === 'Please write a short summary of MCP.'" \
  --method prompts/get --prompt-name summarise --prompt-args topic=MCP

log "inspector@$INSPECTOR_VERSION over stdio: $passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
