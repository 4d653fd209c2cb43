#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own download is not used). Installs it
# when missing and we may; otherwise says exactly what to do.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
The browser tests need Chromium at $CHROMIUM and it is not installed.
Install it with:   sudo apt-get update && sudo apt-get install -y chromium
(or set CHROMIUM_PATH to an existing Chromium), then run npm test again.
MSG
exit 1
