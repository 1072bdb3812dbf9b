#!/usr/bin/env bash
# Installs Chromium for the HTML browser test (BrowserTests) when it is missing and apt is available.
# Never fails: without Chromium the browser test skips and prints why.
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1; then exit 0; fi
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo -n"
  echo "navgraph: installing chromium for the HTML browser test" >&2
  ($SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium) >/dev/null 2>&1 \
    || echo "navgraph: could not install chromium; the browser test will be skipped" >&2
else
  echo "navgraph: no chromium and no apt-get; the browser test will be skipped (macOS: brew install --cask chromium)" >&2
fi
exit 0
