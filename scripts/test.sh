#!/usr/bin/env bash
# Every check the project has, in the order that fails fastest: lint and types,
# then unit, component and data-layer tests (SQLite, and PostgreSQL too when
# TEST_DATABASE_URL is set), end-to-end tests in Chromium and durability tests
# (crashes, provider faults, backups) against the production build (on SQLite,
# and on PostgreSQL too when TEST_DATABASE_URL is set), and a check that no
# server log of the run holds a secret.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" != "24" ]; then
  echo "Tests run on Node 24 (found $(node -v)). Run them through npm: npm ci && npm test" >&2
  exit 1
fi

bash scripts/ensure-chromium.sh
echo "› lint";      npm run --silent lint
echo "› typecheck"; npm run --silent typecheck
echo "› build";     npx react-router build >/dev/null
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "› unit, component and data-layer tests (SQLite and PostgreSQL)"
else
  echo "› unit, component and data-layer tests (SQLite; set TEST_DATABASE_URL to include PostgreSQL)"
fi
# Each server the tests start keeps its log here; the check at the end reads them all.
rm -rf test-results/server-logs
npx vitest run --project unit --project dom
# The suites that start servers run one after the other: two cores are enough
# for one of them at a time, not for all at once.
echo "› end-to-end tests"
npx vitest run --project e2e
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "› end-to-end tests again, with the server on PostgreSQL"
  E2E_DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project e2e
fi
echo "› durability tests"
npx vitest run --project durability
echo "› no secrets in the servers' logs"
node scripts/check-logs.ts test-results/server-logs
