#!/usr/bin/env bash
# Starts a throwaway Redis on 127.0.0.1 for the tests and benchmarks and prints its URL
# (REDIS_URL / TEST_REDIS_URL). Uses Debian's redis-server with a folder and port of our own; no
# persistence (the counters it would hold are minutes long). Idempotent: a running one is reused.
set -euo pipefail
REDIS_PORT=${REDIS_PORT:-16379}
REDIS_DIR=${REDIS_DIR:-/tmp/gm-console-redis}
URL="redis://127.0.0.1:${REDIS_PORT}"

if ! command -v redis-server >/dev/null; then
  echo "redis-server not found (Debian: apt-get install redis-server)" >&2
  exit 1
fi
mkdir -p "$REDIS_DIR"
if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$REDIS_DIR" --save '' --appendonly no \
    --protected-mode yes --daemonize yes --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" >/dev/null
  for _ in $(seq 1 50); do
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null
fi
echo "$URL"
