#!/usr/bin/env bash
# Builds the libFuzzer target (Sources/NavGraphFuzz) into .build-fuzz, seeds it with the sample apps and
# the saved regression inputs, and fuzzes extraction and instantiation for SECONDS (default 600).
#   scripts/fuzz.sh [SECONDS] [extra libFuzzer flags…]      (make fuzz, make fuzz-short)
#   FUZZ_CORPUS=DIR starts from an empty corpus in DIR instead of the growing .build-fuzz/corpus.
# A crash, overflow or timeout leaves its input in .build-fuzz/artifacts/; copy it to
# Tests/FuzzRegressions/ (FuzzRegressionTests replays every file there) and fix the bug.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)" = Darwin ] && [ -n "${FUZZ_OPTIONAL:-}" ]; then
    echo "fuzz: skipped (Xcode's Swift has no libFuzzer runtime; run make fuzz on Linux)"
    exit 0
fi
seconds="${1:-600}"
shift || true
export NAVGRAPH_FUZZ=1
scratch=.build-fuzz
# FUZZ_CONFIGURATION=release (make fuzz) runs about 10x more inputs a second; debug (make fuzz-short)
# builds faster.
configuration="${FUZZ_CONFIGURATION:-debug}"
build=(swift build -c "$configuration" --scratch-path "$scratch" --product navgraph-fuzz --sanitize fuzzer -Xswiftc -g)
"${build[@]}"
bin="$("${build[@]}" --show-bin-path)/navgraph-fuzz"

seeds="$scratch/seeds"
corpus="${FUZZ_CORPUS:-$scratch/corpus}"
# A named corpus (make fuzz-short) starts empty each time, so the run only depends on the seeds.
if [ -n "${FUZZ_CORPUS:-}" ]; then rm -rf "$corpus"; fi
rm -rf "$seeds"
mkdir -p "$seeds" "$corpus" "$scratch/artifacts"
# One seed per sample app (its files joined with `//>> path` lines, as the harness splits them), and one
# per source file.
for app in Samples/*/*/; do
    name="$(echo "$app" | tr '/' '_')"
    find "$app" -name '*.swift' | sort | while read -r f; do
        printf '//>> %s\n' "${f#"$app"}"
        cat "$f"
        printf '\n'
    done > "$seeds/app_$name.swift"
done
find Samples -name '*.swift' | sort | while read -r f; do cp "$f" "$seeds/file_$(echo "$f" | tr '/' '_')"; done
cp Tests/FuzzRegressions/* "$seeds/" 2>/dev/null || true

echo "fuzzing for ${seconds}s with $(ls "$seeds" | wc -l | tr -d ' ') seeds; corpus in $corpus"
"$bin" "$corpus" "$seeds" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$scratch/artifacts/" -print_final_stats=1 "$@"
