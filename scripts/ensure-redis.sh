#!/usr/bin/env bash
# Makes sure a Redis answers at REDIS_URL (default redis://127.0.0.1:6379) for the tests that
# need one (the Redis store suite and the cluster e2e). Starts a throw-away local redis-server
# (nothing on disk) when it is installed and nothing answers; otherwise says what to do.
set -euo pipefail
url="${REDIS_URL:-redis://127.0.0.1:6379}"
hostport="${url#*://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
host="${hostport%%:*}"; port="${hostport##*:}"; [ "$port" = "$hostport" ] && port=6379

answers() { (exec 3<>"/dev/tcp/$host/$port" && printf 'PING\r\n' >&3 && head -c 5 <&3 | grep -q PONG) 2>/dev/null; }

if answers; then echo "== redis answers at $host:$port"; exit 0; fi
if [ "$host" != "127.0.0.1" ] && [ "$host" != "localhost" ]; then
  echo "== redis at $url does not answer (not local: start it yourself)" >&2; exit 1
fi
if ! command -v redis-server >/dev/null; then
  echo "== redis-server is not installed (apt-get install redis-server); the Redis tests will fail" >&2
  exit 1
fi
redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no >/dev/null
for _ in $(seq 1 50); do answers && { echo "== started redis-server on $host:$port"; exit 0; }; sleep 0.1; done
echo "== redis-server did not start on $host:$port" >&2; exit 1
