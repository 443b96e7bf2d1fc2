#!/usr/bin/env bash
# Installs the private Node 22 and the official SDK v2 client (@modelcontextprotocol/client, Node
# >= 22) into the git-ignored .tools/ directory for the SDK v2 e2e spec, then prints the path of
# the Node 22 binary. Nothing global and nothing in package.json is touched.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { echo "[sdk2] $*" >&2; }
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"
SDK2_VERSION="2.4.0"
ensure_node22
ensure_tool sdk2 @modelcontextprotocol/client "$SDK2_VERSION"
echo "$NODE22_BIN/node"
