#!/usr/bin/env bash
# Package hygiene, as a user receives the package: builds the dual build once, packs it, then
# checks the tarball: publint (package.json and exports), @arethetypeswrong/cli (types for
# require and import under every resolution mode), and the tarball's own contents (LICENSE,
# both entry points, every source map pointing at a file that is in the tarball).
# PACKAGE_TARBALL_OUT=FILE keeps the checked tarball there: .ci/run hands it to the packaging e2e
# (PACKAGING_TARBALL), which then does not pack (and run the dual build) a second time.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
log() { echo "[check-package] $*" >&2; }

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

npm run -s build:package
tarball="$OUT/$(npm pack --ignore-scripts --silent --pack-destination "$OUT" | tail -n 1)"
log "packed $(basename "$tarball") ($(du -h "$tarball" | cut -f1))"

node_modules/.bin/publint run --strict "$tarball"
node_modules/.bin/attw --no-color "$tarball"
node scripts/lib/check-tarball.mjs "$tarball"
if [[ -n "${PACKAGE_TARBALL_OUT:-}" ]]; then
  cp "$tarball" "$PACKAGE_TARBALL_OUT"
  log "kept as $PACKAGE_TARBALL_OUT"
fi
