#!/usr/bin/env bash
# The end-to-end tests drive a real Chromium. Use CHROMIUM_PATH or Debian's
# chromium; install it when it is missing and we may (root with apt-get).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "› Chromium is missing: installing Debian's chromium package (once)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MESSAGE

The end-to-end tests need Chromium, and none was found at $chromium_path.
  • On Debian or Ubuntu:  sudo apt-get install chromium
  • Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its binary,
    for example  CHROMIUM_PATH="/Applications/Chromium.app/Contents/MacOS/Chromium" npm test

MESSAGE
exit 1
