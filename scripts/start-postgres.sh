#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on 127.0.0.1 for the test suite and prints its URL.
# Uses the installed binaries (initdb, pg_ctl) as the postgres user, with a data folder of our own.
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PGPORT=${PGPORT:-54329}
PGDATA=${PGDATA:-/tmp/gm-console-pg}
URL="postgres://postgres@127.0.0.1:${PGPORT}/gm_test"

if [ ! -x "$PGBIN/initdb" ]; then
  echo "PostgreSQL binaries not found in $PGBIN" >&2
  exit 1
fi
as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else su postgres -s /bin/bash -c "$(printf '%q ' "$@")"; fi
}
if [ ! -f "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA" 2>/dev/null || true
  as_postgres "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust --encoding=UTF8 >/dev/null
fi
if ! as_postgres "$PGBIN/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
  as_postgres "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PGPORT -c unix_socket_directories=$PGDATA -c fsync=off -c max_connections=200" start >/dev/null
fi
if ! as_postgres psql -h 127.0.0.1 -p "$PGPORT" -U postgres -tAc "select 1 from pg_database where datname='gm_test'" | grep -q 1; then
  as_postgres psql -h 127.0.0.1 -p "$PGPORT" -U postgres -c "create database gm_test" >/dev/null
fi
echo "$URL"
