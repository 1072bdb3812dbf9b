#!/usr/bin/env bash
# Puts the official SARIF 2.1.0 JSON schema (OASIS) where SARIFSchemaTests looks for it:
# ${NAVGRAPH_SARIF_SCHEMA:-${XDG_CACHE_HOME:-~/.cache}/navgraph-tests/sarif-schema-2.1.0.json}.
# It is not committed (it is OASIS's text, not ours): it comes from a local clone of oasis-tcs/sarif-spec
# (SARIF_SPEC_REPO, or the fetched mirror) or from OASIS's site. Never fails: without it the schema test
# skips and prints why (python3 with the jsonschema module is needed too: apt-get install python3-jsonschema).
target="${NAVGRAPH_SARIF_SCHEMA:-${XDG_CACHE_HOME:-$HOME/.cache}/navgraph-tests/sarif-schema-2.1.0.json}"
[ -s "$target" ] && exit 0
mkdir -p "$(dirname "$target")" 2>/dev/null || exit 0
tmp="$target.tmp.$$"
for repo in "${SARIF_SPEC_REPO:-}" /work/.mirror/oasis-tcs+sarif-spec/repo; do
  [ -n "$repo" ] && [ -d "$repo" ] || continue
  if git --git-dir="$repo" show HEAD:sarif-2.1/schema/sarif-schema-2.1.0.json > "$tmp" 2>/dev/null \
     || git -C "$repo" show HEAD:sarif-2.1/schema/sarif-schema-2.1.0.json > "$tmp" 2>/dev/null; then
    [ -s "$tmp" ] && mv "$tmp" "$target" && exit 0
  fi
done
url=https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json
if command -v curl >/dev/null 2>&1 && curl -fsSL --max-time 20 -o "$tmp" "$url" 2>/dev/null && [ -s "$tmp" ]; then
  mv "$tmp" "$target"; exit 0
fi
rm -f "$tmp"
echo "navgraph: no SARIF 2.1.0 schema ($url); the SARIF schema test will be skipped" >&2
exit 0
