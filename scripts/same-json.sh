#!/usr/bin/env bash
# Checks that a refactoring leaves navgraph's JSON unchanged (issue 31: "byte-identical before and after").
#   scripts/same-json.sh save DIR     writes the JSON of every sample, family app and field app into DIR
#   scripts/same-json.sh check DIR    writes it again and prints every file that differs (exit 1 if any)
# Samples and synthetic family apps (bench/synth_<family>.py, 60 features) run with NAVGRAPH_BIN
# (default .build/debug/navgraph); field apps in FIELD_DIR (default /work/field-apps, skipped when
# absent) with FIELD_BIN (default .build-release/release/navgraph) and FIELD_SKIP (apps too slow to wait for).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:?save or check}"; dir="${2:?output folder}"
BIN="${NAVGRAPH_BIN:-.build/debug/navgraph}"
FIELD_BIN="${FIELD_BIN:-.build-release/release/navgraph}"
FIELD_DIR="${FIELD_DIR:-/work/field-apps}"
FIELD_SKIP="${FIELD_SKIP:-woocommerce+woocommerce-ios mastodon+mastodon-ios zotero+zotero-ios}"
SYNTH="${SYNTH_DIR:-/tmp/navgraph-same-json-apps}"
out="$dir"; [ "$mode" = check ] && out="$dir.now"
rm -rf "$out"; mkdir -p "$out"
analyze() { "$1" analyze "$2" --format json --no-cache >"$out/$3.json" 2>/dev/null || true; }
for app in Samples/*/*/; do app="${app%/}"; analyze "$BIN" "$app" "sample-$(basename "$(dirname "$app")")-$(basename "$app")"; done
for gen in bench/synth_*.py; do
  fam="$(basename "$gen" .py)"; fam="${fam#synth_}"
  [ "$fam" = app ] && args="--lines 20000" || args="--features 60"
  [ -d "$SYNTH/$fam" ] || python3 "$gen" "$SYNTH/$fam" $args >/dev/null
  analyze "$BIN" "$SYNTH/$fam" "synth-$fam"
done
if [ -d "$FIELD_DIR" ]; then
  for app in "$FIELD_DIR"/*/; do
    key="$(basename "$app")"
    case " $FIELD_SKIP " in *" $key "*) continue;; esac
    analyze "$FIELD_BIN" "$app" "field-$key"
  done
fi
[ "$mode" = save ] && { echo "saved $(ls "$out" | wc -l) files in $out"; exit 0; }
status=0
for f in "$dir"/*.json; do
  name="$(basename "$f")"
  if [ ! -e "$out/$name" ]; then echo "not run: $name"; continue; fi
  cmp -s "$f" "$out/$name" || { echo "differs: $name"; status=1; }
done
[ $status = 0 ] && echo "same: $(ls "$out" | wc -l) files"
exit $status
