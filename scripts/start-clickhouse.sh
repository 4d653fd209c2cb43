#!/usr/bin/env bash
# Starts a throwaway ClickHouse on 127.0.0.1 for the test suite and prints its URL.
# Uses the installed server (Debian's clickhouse-server) as the clickhouse user, with a config and
# a data folder of our own: loopback only, HTTP on CHPORT (18123), native protocol on CHTCPPORT
# (19000), no interserver port, no internet needed.
set -euo pipefail
CHBIN=${CHBIN:-$(command -v clickhouse-server || echo /usr/sbin/clickhouse-server)}
CHPORT=${CHPORT:-18123}
CHTCPPORT=${CHTCPPORT:-19000}
CHDATA=${CHDATA:-/tmp/gm-console-ch}
URL="clickhouse://default@127.0.0.1:${CHPORT}/gm_test"

if [ ! -x "$CHBIN" ]; then
  echo "clickhouse-server not found (install Debian's clickhouse-server)" >&2
  exit 1
fi
ping_ok() { curl -fsS --max-time 2 "http://127.0.0.1:${CHPORT}/ping" >/dev/null 2>&1; }
query() { curl -fsS --max-time 10 "http://127.0.0.1:${CHPORT}/" --data-binary "$1" >/dev/null; }
as_clickhouse() {
  if [ "$(id -un)" = clickhouse ]; then "$@"; else su clickhouse -s /bin/bash -c "$(printf '%q ' "$@")"; fi
}

if ! ping_ok; then
  mkdir -p "$CHDATA/data" "$CHDATA/tmp" "$CHDATA/user_files" "$CHDATA/format_schemas" "$CHDATA/log"
  cat >"$CHDATA/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>$CHDATA/log/server.log</log>
    <errorlog>$CHDATA/log/server.err.log</errorlog>
    <size>100M</size>
    <count>2</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>$CHPORT</http_port>
  <tcp_port>$CHTCPPORT</tcp_port>
  <max_connections>1024</max_connections>
  <keep_alive_timeout>10</keep_alive_timeout>
  <max_concurrent_queries>100</max_concurrent_queries>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <mark_cache_size>268435456</mark_cache_size>
  <path>$CHDATA/data/</path>
  <tmp_path>$CHDATA/tmp/</tmp_path>
  <user_files_path>$CHDATA/user_files/</user_files_path>
  <format_schema_path>$CHDATA/format_schemas/</format_schema_path>
  <users_config>$CHDATA/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
  <builtin_dictionaries_reload_interval>3600</builtin_dictionaries_reload_interval>
  <max_session_timeout>3600</max_session_timeout>
  <default_session_timeout>60</default_session_timeout>
</yandex>
XML
  cat >"$CHDATA/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <profiles>
    <default>
      <max_memory_usage>2000000000</max_memory_usage>
      <load_balancing>random</load_balancing>
    </default>
  </profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas>
    <default>
      <interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval>
    </default>
  </quotas>
</yandex>
XML
  chown -R clickhouse:clickhouse "$CHDATA" 2>/dev/null || true
  # Daemonised by the server itself (its own pid file), so the shell that started it may end.
  as_clickhouse "$CHBIN" --config-file="$CHDATA/config.xml" --pid-file="$CHDATA/server.pid" --daemon
  for _ in $(seq 1 100); do
    if ping_ok; then break; fi
    sleep 0.2
  done
  if ! ping_ok; then
    echo "ClickHouse did not answer on 127.0.0.1:${CHPORT}; see $CHDATA/log/" >&2
    exit 1
  fi
fi
query "CREATE DATABASE IF NOT EXISTS gm_test"
echo "$URL"
