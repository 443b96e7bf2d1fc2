#!/usr/bin/env bash
# Installs the private Node 22 and the official SDK v2 server (@modelcontextprotocol/server with
# its node:http adapter @modelcontextprotocol/node, and zod 4 for tool schemas) into the
# git-ignored .tools/sdk2-server directory for the McpClient-against-SDK-v2-server e2e spec, then
# prints the path of the Node 22 binary. Nothing global and nothing in package.json is touched.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { echo "[sdk2-server] $*" >&2; }
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"
ensure_node22
ensure_tool sdk2-server @modelcontextprotocol/server 2.4.0
# The node adapter has no 2.4.0: 2.1.2 is its newest release.
ensure_tool sdk2-server @modelcontextprotocol/node 2.1.2
ensure_tool sdk2-server zod 4.6.7
echo "$NODE22_BIN/node"
