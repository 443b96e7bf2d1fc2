#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser e2e (docs site, explorer, consent page):
# playwright-core drives /usr/bin/chromium (CHROMIUM_PATH overrides); npm never downloads a browser.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then echo "== chromium at $bin"; exit 0; fi
if ! command -v apt-get >/dev/null; then
  echo "== no chromium at $bin and no apt-get: install Chromium and set CHROMIUM_PATH" >&2; exit 1
fi
echo "== installing Debian's chromium"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
[ -x "$bin" ] && echo "== chromium installed at $bin"
