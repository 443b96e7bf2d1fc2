#!/usr/bin/env bash
# Installs what `npm run bench:compare` runs outside the project, into the git-ignored .tools/:
# the private Node 22, the official SDK v2 server (scripts/sdk2-server-tools.sh), and
# @rekog/mcp-nest 2.0.5 with its peers (Nest 11, SDK v2) in .tools/rekog: it builds on SDK v2,
# which needs Node >= 22, so it cannot be a dev dependency of this Node 20 project. Prints the
# path of the Node 22 binary. Nothing global and nothing in package.json is touched.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { echo "[compare-tools] $*" >&2; }
# shellcheck source=lib/node22-tools.sh
source "$ROOT/scripts/lib/node22-tools.sh"
bash "$ROOT/scripts/sdk2-server-tools.sh" >/dev/null
ensure_tool rekog @rekog/mcp-nest 2.0.5
ensure_tool rekog @modelcontextprotocol/server 2.4.0
ensure_tool rekog @modelcontextprotocol/core 2.4.0
ensure_tool rekog @modelcontextprotocol/node 2.1.2
ensure_tool rekog @nestjs/common 11.2.10
ensure_tool rekog @nestjs/core 11.2.10
ensure_tool rekog @nestjs/platform-express 11.2.10
ensure_tool rekog @nestjs/microservices 11.2.6
ensure_tool rekog express 5.3.0
ensure_tool rekog reflect-metadata 0.2.2
ensure_tool rekog rxjs 7.8.2
ensure_tool rekog zod 4.6.7
echo "$NODE22_BIN/node"
