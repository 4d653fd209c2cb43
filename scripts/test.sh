#!/usr/bin/env bash
# npm test: type-check, lint, unit and API tests on SQLite (and PostgreSQL when
# TEST_DATABASE_URL is set, the log suites on ClickHouse when TEST_CLICKHOUSE_URL is set), then
# the browser tests in Chromium against a real server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh

echo "== type-check"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== unit and API tests (SQLite)"; npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API tests (PostgreSQL)"; TEST_DB=postgres npx vitest run packages/server
else
  echo "== API tests (PostgreSQL): skipped, TEST_DATABASE_URL is not set (.ci/run sets it)"
fi
if [ -n "${TEST_CLICKHOUSE_URL:-}" ]; then
  echo "== log, statistics, export and ingest tests (logs in ClickHouse)"
  # Longer time limits than vitest's 30 s: each test's store makes every log's tables, copies,
  # per-hour counts and their feeds on ClickHouse (DDL is slow on 18.16), and the statistics
  # tests ingest several thousand events through them; what is checked is the answers, not time.
  TEST_LOG_STORE=clickhouse npx vitest run --testTimeout=120000 --hookTimeout=120000 packages/server/src/platform/log-store packages/server/src/modules/logs packages/server/src/modules/statistics packages/server/src/modules/exports packages/server/src/game/ingest
else
  echo "== log tests on ClickHouse: skipped, TEST_CLICKHOUSE_URL is not set (scripts/start-clickhouse.sh prints one)"
fi
echo "== build"; npm run -s build
echo "== browser tests (Chromium)"; npx playwright test -c e2e/playwright.config.ts
