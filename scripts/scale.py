#!/usr/bin/env python3
"""Runs `navgraph analyze` over large real Swift trees that are not apps (make scale).

The trees: the checkouts of this package's dependencies (.build/checkouts: swift-syntax,
swift-argument-parser, Yams) and, when the machine has them, packages from the local mirror
/opt/swift-packages (exported with `git archive` into .build-scale/src). For each tree it prints the
files, time, exit code, nodes, findings by rule and warnings by kind, and it fails when navgraph
crashes, exits with anything but 0, or runs past the time limit. What the findings there mean is
explained in docs/robustness.md (Fuzzing with libFuzzer, and real Swift at scale).

  scripts/scale.py [--navgraph PATH] [--timeout SECONDS] [--no-mirror]
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MIRROR = "/opt/swift-packages"
MIRRORED = [
    "apple/swift-nio", "apple/swift-collections", "apple/swift-protobuf", "apple/swift-crypto",
    "apple/swift-openapi-generator", "vapor/vapor", "groue/GRDB.swift", "OpenCombine/OpenCombine",
    "Quick/Quick", "Quick/Nimble", "Swinject/Swinject",
]


def trees(use_mirror):
    checkouts = os.path.join(ROOT, ".build", "checkouts")
    for name in sorted(os.listdir(checkouts)) if os.path.isdir(checkouts) else []:
        yield name, os.path.join(checkouts, name)
    if not use_mirror or not os.path.isdir(MIRROR):
        return
    for repo in MIRRORED:
        git_dir = os.path.join(MIRROR, repo + ".git")
        if not os.path.isdir(git_dir):
            continue
        dest = os.path.join(ROOT, ".build-scale", "src", repo.replace("/", "_"))
        if not os.path.isdir(dest):
            os.makedirs(dest)
            archive = subprocess.run(["git", "--git-dir", git_dir, "archive", "HEAD"], capture_output=True, check=True)
            subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)
        yield repo, dest


def kind_of_warning(message):
    """A short label for a warning: its text without names, paths and numbers."""
    m = re.sub(r"'[^']*'", "'…'", message)
    m = re.sub(r"\([^)]*\)", "(…)", m)
    m = re.sub(r"\d+", "N", m)
    return m[:90]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--navgraph", default=os.path.join(ROOT, ".build", "debug", "navgraph"))
    parser.add_argument("--timeout", type=int, default=900)
    parser.add_argument("--no-mirror", action="store_true")
    args = parser.parse_args()

    failures = []
    totals = collections.Counter()
    print(f"{'tree':<34} {'files':>6} {'secs':>7} {'exit':>4} {'nodes':>6} {'findings':>8} {'warnings':>8}")
    details = []
    for name, path in trees(not args.no_mirror):
        files = sum(1 for d, _, fs in os.walk(path) for f in fs if f.endswith(".swift"))
        start = time.time()
        try:
            r = subprocess.run([args.navgraph, "analyze", path, "--format", "json", "--no-cache"],
                               capture_output=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            failures.append(f"{name}: no result after {args.timeout} s")
            print(f"{name:<34} {files:>6} {'>' + str(args.timeout):>7}  timeout")
            continue
        secs = time.time() - start
        if r.returncode != 0:
            failures.append(f"{name}: exit {r.returncode}\n{r.stderr.decode(errors='replace')[-2000:]}")
            print(f"{name:<34} {files:>6} {secs:>7.1f} {r.returncode:>4}")
            continue
        doc = json.loads(r.stdout)
        findings = collections.Counter(f["rule"] for f in doc["findings"])
        warnings = collections.Counter(kind_of_warning(d["message"]) for d in doc.get("diagnostics", []))
        nodes = collections.Counter(n["kind"] for n in doc["nodes"])
        totals.update({"trees": 1, "files": files, "findings": len(doc["findings"]), "warnings": sum(warnings.values())})
        print(f"{name:<34} {files:>6} {secs:>7.1f} {r.returncode:>4} {len(doc['nodes']):>6} {len(doc['findings']):>8} {sum(warnings.values()):>8}")
        details.append((name, nodes, findings, warnings))

    print()
    for name, nodes, findings, warnings in details:
        if not (findings or warnings):
            continue
        print(f"{name}: nodes {dict(nodes)}")
        for rule, n in findings.most_common():
            print(f"  finding  {n:>4}  {rule}")
        for w, n in warnings.most_common():
            print(f"  warning  {n:>4}  {w}")
    print(f"\n{totals['trees']} trees, {totals['files']} Swift files, {totals['findings']} findings, {totals['warnings']} warnings")
    if failures:
        print("\nFAILED:\n" + "\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
