#!/usr/bin/env bash
# Every check the project has, in the order that fails fastest: lint and types
# beside the unit, component and data-layer tests (SQLite, and PostgreSQL too when
# TEST_DATABASE_URL is set), end-to-end tests in Chromium and durability tests
# (crashes, provider faults, backups) against the production build (on SQLite,
# and on PostgreSQL too when TEST_DATABASE_URL is set), in one run, and a check
# that no server log of the run holds a secret. Each stage prints its wall time,
# the run that starts servers its slowest files, and every Vitest run leaves a
# JUnit and a JSON report under test-results/reports/.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" != "24" ]; then
  echo "Tests run on Node 24 (found $(node -v)). Run them through npm: npm ci && npm test" >&2
  exit 1
fi

# Node keeps the code it compiles on disk, so the run's many processes (test workers, linters, the
# type checker) compile each library once: about a fifth of the component tests' CPU time. The
# servers keep theirs too (server/start.ts).
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/node_modules/.cache/node-compile-cache}"

reports=test-results/reports
rm -rf "$reports" test-results/server-logs
mkdir -p "$reports"
timings=()

# stage NAME COMMAND...: runs the command, then prints and remembers its wall time.
stage() {
  local name="$1" started=$SECONDS
  shift
  echo "› $name"
  "$@"
  local took=$((SECONDS - started))
  timings+=("$(printf '%5d s  %s' "$took" "$name")")
  echo "  ($name: ${took} s)"
}

# vitest_run REPORT ARGS...: a Vitest run that also writes its JUnit and JSON reports.
vitest_run() {
  local report="$1"
  shift
  npx vitest run "$@" \
    --reporter=default \
    --reporter=junit --outputFile.junit="$reports/$report.xml" \
    --reporter=json --outputFile.json="$reports/$report.json"
}

# A suite that starts servers: its run, then its ten slowest files.
server_suite() {
  local report="$1"
  shift
  vitest_run "$report" "$@"
  node scripts/slowest-files.ts "$reports/$report.json"
}

# lint_and_types LOG: the linters, then the type checker, into LOG; fails with the first that fails.
lint_and_types() {
  local log="$1"
  {
    npm run --silent lint && echo "  (lint passed)" && npm run --silent typecheck && echo "  (types passed)"
  } >"$log" 2>&1
}

stage "Chromium" bash scripts/ensure-chromium.sh
# One build for every suite: the end-to-end and durability servers run it, and the
# check for secrets in the client reads it (built with the test secrets set).
stage "build" node scripts/test-build.ts
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  unit_name="unit, component and data-layer tests (SQLite and PostgreSQL)"
else
  unit_name="unit, component and data-layer tests (SQLite; set TEST_DATABASE_URL to include PostgreSQL)"
fi
# Lint and the type check run beside the unit tests, whose workers wait on the disk and on PostgreSQL
# about a quarter of the time: the two stages take about 145 s together against 165 s one after the
# other. Their output follows the unit tests'.
checks_log="$reports/lint-and-types.log"
lint_and_types "$checks_log" &
checks=$!
# A unit test that fails ends the run; the checks beside it end with it.
trap 'kill "$checks" 2>/dev/null || true' EXIT
stage "$unit_name, with lint and types beside them" vitest_run unit --project unit --project dom
checks_status=0
wait "$checks" || checks_status=$?
echo "› lint and types"
cat "$checks_log"
if [ "$checks_status" != 0 ]; then
  echo "Lint or the type check failed (above)." >&2
  exit "$checks_status"
fi
# The suites that start servers share one run and its three workers: the durability tests' servers
# keep about one core busy, and the others take end-to-end files meanwhile.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The end-to-end files that drive engine-specific code run a second time with their servers on
  # PostgreSQL (tests/e2e/support/on-postgres.ts says which and why), and the crash test once more.
  stage "end-to-end and durability tests (SQLite, and $(node tests/e2e/support/on-postgres.ts | wc -l) end-to-end files again on PostgreSQL)" \
    server_suite servers --project durability --project e2e --project e2e-postgres
else
  stage "end-to-end and durability tests (SQLite; set TEST_DATABASE_URL to run some again on PostgreSQL)" \
    server_suite servers --project durability --project e2e
fi
stage "no secrets in the servers' logs" node scripts/check-logs.ts test-results/server-logs

echo "› stage times"
printf '%s\n' "${timings[@]}"
echo "$(printf '%5d s  total' "$SECONDS")"
