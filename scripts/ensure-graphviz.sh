#!/usr/bin/env bash
# Installs Graphviz's C library (libgvc, found with pkg-config) when it is missing.
set -euo pipefail
if pkg-config --exists libgvc 2>/dev/null; then exit 0; fi
echo "navgraph: libgvc not found; installing Graphviz" >&2
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libgraphviz-dev pkg-config >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install graphviz pkg-config
else
  echo "navgraph: install Graphviz (Debian: libgraphviz-dev, macOS: brew install graphviz) and pkg-config" >&2
  exit 1
fi
pkg-config --exists libgvc
