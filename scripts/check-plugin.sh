#!/usr/bin/env bash
# Runs the SwiftPM command plugin on a sample: it must print findings and exit non-zero (the sample has errors).
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(swift package --allow-writing-to-package-directory navgraph lint Samples/hackingwithswift/RecipeBox --reporter xcode 2>&1)
status=$?
if [ $status -eq 0 ] || ! grep -q "SearchViewController.swift:52:1: error:" <<<"$out"; then
  echo "plugin check failed (status $status):"; echo "$out"; exit 1
fi
echo "plugin check passed: swift package navgraph lint reports the sample's findings"
