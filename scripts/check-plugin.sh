#!/usr/bin/env bash
# Runs the SwiftPM command plugin on samples, with no permission flag (lint, chain and routes only print):
# lint must print findings and exit non-zero (the sample has errors); chain and routes must print their paths.
set -uo pipefail
cd "$(dirname "$0")/.."
fail() { echo "plugin check failed ($1, status $2):"; echo "$3"; exit 1; }

out=$(swift package navgraph lint Samples/hackingwithswift/RecipeBox --reporter xcode 2>&1)
status=$?
if [ $status -eq 0 ] || ! grep -q "SearchViewController.swift:52:1: error:" <<<"$out"; then fail lint $status "$out"; fi

out=$(swift package navgraph chain Samples/radianttap/ShopFront CatalogViewController 2>&1)
status=$?
if [ $status -ne 0 ] || ! grep -q "= handled by CatalogCoordinator" <<<"$out"; then fail chain $status "$out"; fi

out=$(swift package navgraph routes Samples/hackingwithswift/RecipeBox 2>&1)
status=$?
if [ $status -ne 0 ] || ! grep -q "SceneDelegate → MainCoordinator → .startShoppingList() → ShoppingListCoordinator → .addItem() → AddShoppingItemViewController" <<<"$out"; then
  fail routes $status "$out"
fi
echo "plugin check passed: swift package navgraph lint, chain and routes report on the samples"

# The build tool plugin, applied to a target of a small package whose `navgraph` stands in for the real one:
# the build must run it with the lint arguments and show its `file:line: warning:` line.
pkg=$(mktemp -d)
trap 'rm -rf "$pkg"' EXIT
mkdir -p "$pkg/Sources/navgraph" "$pkg/Sources/App" "$pkg/Plugins"
ln -s "$PWD/Plugins/NavGraphLintPlugin" "$pkg/Plugins/NavGraphLintPlugin"
cat >"$pkg/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "PluginProbe", targets: [
    .executableTarget(name: "navgraph"),
    .plugin(name: "NavGraphLintPlugin", capability: .buildTool(), dependencies: ["navgraph"]),
    .target(name: "App", plugins: ["NavGraphLintPlugin"]),
])
SWIFT
cat >"$pkg/Sources/navgraph/main.swift" <<'SWIFT'
let args = CommandLine.arguments.dropFirst()
print("\(args.dropFirst().first ?? "")/Sources/App/App.swift:1:1: warning: args: \(args.joined(separator: " "))")
SWIFT
echo 'public let app = 1' >"$pkg/Sources/App/App.swift"
out=$(swift build --package-path "$pkg" 2>&1)
status=$?
root=$(cd "$pkg" && pwd -P)
expected="$root/Sources/App/App.swift:1:1: warning: args: lint $root --reporter xcode --cache-path $root/.build/plugins/outputs/"
if [ $status -ne 0 ] || ! grep -F "$expected" <<<"$out" | grep -q "/App/destination/NavGraphLintPlugin/cache$"; then
  fail "build tool plugin" $status "$out"
fi
echo "plugin check passed: the build tool plugin runs navgraph lint with the xcode reporter"
