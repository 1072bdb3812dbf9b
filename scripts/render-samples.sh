#!/usr/bin/env bash
# Renders every sample app under Samples/<family>/<App>/ into Output/<family>-<App>.{svg,png,html,json}.
# Re-running gives byte-identical files; the test suite fails when Output/ is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${NAVGRAPH_BIN:-.build/debug/navgraph}"
mkdir -p Output
for app in Samples/*/*/; do
  app="${app%/}"
  family="$(basename "$(dirname "$app")")"
  name="$family-$(basename "$app")"
  for fmt in svg png html json; do
    "$BIN" render "$app" -o "Output/$name.$fmt" --no-cache 2>/dev/null
  done
  echo "rendered Output/$name.{svg,png,html,json}"
done
