#!/usr/bin/env bash
# Waits until PostgreSQL (PG_HOST:PG_PORT, default 127.0.0.1:5432) and MariaDB (MARIADB_HOST:
# MARIADB_PORT, default 127.0.0.1:3306) accept connections, for the SQL store tests. Both are
# local services of the CI machines; this only waits (up to 30 s each) and says which is missing.
set -euo pipefail
wait_for() {
  local name="$1" host="$2" port="$3"
  for _ in $(seq 1 300); do
    if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then echo "== $name answers at $host:$port"; return 0; fi
    sleep 0.1
  done
  echo "== $name does not answer at $host:$port; the SQL store tests will fail" >&2
  return 1
}
status=0
wait_for PostgreSQL "${PG_HOST:-127.0.0.1}" "${PG_PORT:-5432}" || status=1
wait_for MariaDB "${MARIADB_HOST:-127.0.0.1}" "${MARIADB_PORT:-3306}" || status=1
exit "$status"
