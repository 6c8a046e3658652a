#!/usr/bin/env bash
# The end-to-end tests drive a real Chromium: Debian's headless shell (the same engine, lighter)
# where it is installed, and the whole browser for what the shell lacks (notifications). Use
# CHROMIUM_PATH, or Debian's chromium and chromium-headless-shell, installed when missing and we
# may (root with apt-get).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell_path="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
[ -x "$shell_path" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} = 0 ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "› Installing Debian's ${missing[*]} (once)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
if [ -x "$chromium_path" ]; then
  # The whole browser runs every test, a little slower.
  exit 0
fi
cat >&2 <<MESSAGE

The end-to-end tests need Chromium, and none was found at $chromium_path.
  • On Debian or Ubuntu:  sudo apt-get install chromium chromium-headless-shell
  • Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its binary,
    for example  CHROMIUM_PATH="/Applications/Chromium.app/Contents/MacOS/Chromium" npm test

MESSAGE
exit 1
