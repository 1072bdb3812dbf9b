#!/usr/bin/env bash
# Builds the libFuzzer target (Sources/NavGraphFuzz) into .build-fuzz, seeds it with the sample apps, a
# configuration, glob patterns, the storyboards and the saved regression inputs, and fuzzes every target
# (FuzzHarness.Target: Swift sources through every stage, configuration, globs, storyboards, output
# writers) for SECONDS (default 600).
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
# Seeds of the other targets (FuzzHarness.Target), each behind its header line: configuration files, glob
# patterns with a path, storyboards, and the sample apps again for the output writers.
header() { printf '//fuzz: %s\n' "$1"; }
{ header configuration; cat <<'YAML'
included: [App]
excluded: ["**/*Tests*", "Pods/**", "Generated/*.swift"]
include_tests: false
roots: [AppDelegate]
coordinator_types: [BaseCoordinator]
screen_types: [BaseViewController]
router_types: [Router]
disabled_rules: [orphan-handler]
rules:
  dead-route: {severity: warning, ignore: ["Legacy*"]}
baseline: .navgraph-baseline.json
strict: true
reporters: [xcode, sarif]
YAML
} > "$seeds/target_configuration.yml"
find . -name '.navgraph.yml' -not -path './.build*' | sort | while read -r f; do
    { header configuration; cat "$f"; } > "$seeds/target_configuration_$(echo "$f" | tr '/.' '__')"
done
i=0
for pair in '**/*Tests*|App/FeatureTests/LoginTests.swift' 'Pods/**|Pods/Lib/Sources/A.swift' '*.swift|App/A.swift' \
            'Generated/*.swift|Generated/Deep/B.swift' '**|' 'a*b*c|aXbYc'; do
    { header glob; printf '%s\n%s\n' "${pair%%|*}" "${pair#*|}"; } > "$seeds/target_glob_$i"
    i=$((i + 1))
done
find Samples Tests -name '*.storyboard' -o -name '*.xib' | sort | while read -r f; do
    { header storyboard; cat "$f"; } > "$seeds/target_storyboard_$(echo "$f" | tr '/' '_')"
done
for f in "$seeds"/app_*; do { header outputs; cat "$f"; } > "$seeds/target_outputs_${f##*/app_}"; done
cp Tests/FuzzRegressions/* "$seeds/" 2>/dev/null || true

echo "fuzzing for ${seconds}s with $(ls "$seeds" | wc -l | tr -d ' ') seeds; corpus in $corpus"
"$bin" "$corpus" "$seeds" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$scratch/artifacts/" -print_final_stats=1 "$@"
