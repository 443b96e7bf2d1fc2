#!/usr/bin/env bash
# Builds the docs site (`npm run docs:build` into docs-site/) unless it is already newer than
# every source file under docs/ (the generated docs/api and VitePress's cache aside). Holds a lock
# while it checks and builds, so the test lanes and the docs e2e spec can all call it: the first
# builds, the others wait for that build and then find it fresh.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
mkdir -p node_modules/.cache
exec {lock}>node_modules/.cache/docs-build.lock
flock "$lock"
if [[ -f docs-site/index.html ]] &&
  [[ -z "$(find docs \( -path docs/api -o -path docs/.vitepress/cache \) -prune -o \
    -type f -newer docs-site/index.html -print -quit)" ]]; then
  echo "[docs] docs-site/ is up to date" >&2
  exit 0
fi
echo "[docs] building docs-site/" >&2
npm run -s docs:build
