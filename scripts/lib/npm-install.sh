# shellcheck shell=bash
# Sourced by the packaging scripts: npm installs of apps made from scratch, which prefer the npm
# cache (npm_config_prefer_offline=true: a cached package's metadata is not revalidated).

# cached_npm_install ARGS...: `npm install ARGS...`. A package's cached metadata can be older than
# another package's that asks for a version of it published since (npm then fails with ETARGET,
# "No matching version found", although the registry has it): the install then runs once more
# with every package's metadata revalidated (--prefer-online). Any other failure fails.
cached_npm_install() {
  local errors status=0 stale=0
  errors="$(mktemp)"
  npm install "$@" 2>"$errors" || status=$?
  cat "$errors" >&2
  if [[ $status -ne 0 ]] && grep -q 'ETARGET' "$errors"; then stale=1; fi
  rm -f "$errors"
  if [[ $stale -eq 0 ]]; then return "$status"; fi
  echo "npm install: the npm cache's metadata is older than a package asks for (ETARGET)," \
    "installing again with the metadata revalidated" >&2
  npm install --prefer-offline=false --prefer-online "$@"
}
