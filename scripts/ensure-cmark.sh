#!/usr/bin/env bash
# Installs cmark-gfm (GitHub's CommonMark renderer) for RealReaderTests' Markdown check when it is missing
# and apt is available. Never fails: without it that test skips, prints why, and navgraph's own link
# checker still runs.
if command -v cmark-gfm >/dev/null 2>&1 || command -v cmark >/dev/null 2>&1; then exit 0; fi
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo -n"
  echo "navgraph: installing cmark-gfm for the Markdown reader test" >&2
  ($SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq cmark-gfm) >/dev/null 2>&1 \
    || echo "navgraph: could not install cmark-gfm; the Markdown renderer test will be skipped" >&2
else
  echo "navgraph: no cmark-gfm and no apt-get; the Markdown renderer test will be skipped (macOS: brew install cmark-gfm)" >&2
fi
exit 0
