#!/usr/bin/env bash
# Installs the Node 22 tools the e2e specs run (the private Node 22, the official SDK v2 client and
# server, the Inspector) into the git-ignored .tools/ when missing, side by side; prints nothing
# else on success. scripts/test-all.sh runs it beside the build, so that on a clean checkout the
# specs find them installed instead of each waiting, in a jest worker, for npm installs on a loaded
# machine (one spec's wait held a worker for about two minutes in CI). Each spec still installs
# what it needs itself when run alone; the installs take a lock per folder and skip what is there.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { echo "[e2e-tools] $*" >&2; }
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"

# Node 22 first (every tool below checks its version with it), then the tools at once.
ensure_node22 || exit 1
pids=()
bash scripts/sdk2-tools.sh >/dev/null &
pids+=($!)
bash scripts/sdk2-server-tools.sh >/dev/null &
pids+=($!)
ensure_inspector &
pids+=($!)
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit "$status"
