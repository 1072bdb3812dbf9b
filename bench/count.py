#!/usr/bin/env python3
"""Instructions each stage of navgraph executes on one app: `make bench-count`. Prints figures; asserts nothing.

Wall times on a shared machine vary by 20-40% with its load; the instructions a run executes do not
(callgrind counts them: a stage's count moves by well under 1% from run to run; the whole run's by
1-3%, as threads that wait for each other interleave differently). So a change to a stage is judged by
its count here, and by `make bench` for what a user waits.

It runs `navgraph analyze APP --no-cache` once under `valgrind --tool=callgrind` (a release build,
about a minute for the default 100k-line app) and prints the inclusive count of each stage's function,
over every thread that ran it. Needs valgrind (Debian: `apt-get install valgrind`).

Environment: NAVGRAPH_BIN_DIR (default .build/release), COUNT_LINES (the synthetic app's size, default
100000), COUNT_APP (another app folder instead), BENCH_DIR (default /tmp/navgraph-bench).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("NAVGRAPH_BIN_DIR", os.path.join(ROOT, ".build", "release"))
WORK = os.environ.get("BENCH_DIR", "/tmp/navgraph-bench")
LINES = int(os.environ.get("COUNT_LINES", "100000"))

# Each stage by a fragment of its function's mangled name (the names say what they are; `Tf…` is the
# suffix of a specialized copy). A renamed or re-signed function is reported as not found, not counted as 0.
STAGES = [
    ("whole run", None),
    ("extraction (all files, both cores)", r"NavGraphExtract9ExtractorO7extract4path6source"),
    ("  SwiftParser", r"SwiftSyntax010SourceFileB0V0A6ParserE5parse4from"),
    ("  navgraph's walker", r"NavGraphExtract6WalkerV8topLevel"),
    ("resolve, its own thread", r"NavGraphResolve8ResolverO7resolve_11storyboards7options12adapterTypes\w*tFZ$"),
    ("  type index", r"NavGraphResolve9TypeIndexC3app7library"),
    ("  whole-program queries (beside the index)", r"NavGraphResolve14ProgramQueriesVyACSay0aB7Extract9FileFactsVGcfC"),
    ("  slicer: units (both cores)", r"NavGraphResolve11UnitBuilderV7analyzey"),
    ("  slicer: its own thread", r"NavGraphResolve15RelevanceSlicerV5slice_5reuse\w*tFZ(Tf\w*)?$"),
    ("  instantiation", r"NavGraphResolve11InterpreterC3runyyF$"),
    ("  assembling the graph", r"NavGraphResolve0B9AssemblerV8assemble"),
    ("lint rules", r"NavGraphCheck12RuleRegistryO5check_5rules"),
]


def app_path():
    if os.environ.get("COUNT_APP"):
        return os.environ["COUNT_APP"]
    path = os.path.join(WORK, f"app-{LINES}")
    if not os.path.isdir(path):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "synth_app.py"), path, "--lines", str(LINES)],
                       check=True, capture_output=True)
    return path


def main():
    navgraph = os.path.join(BIN, "navgraph")
    if not os.access(navgraph, os.X_OK):
        sys.exit(f"missing {navgraph}: build with `swift build -c release` first (make bench-count does)")
    for tool in ("valgrind", "callgrind_annotate"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found: install valgrind (Debian: apt-get install valgrind)")
    app = app_path()
    with tempfile.TemporaryDirectory() as tmp:
        binary = navgraph
        # Without its debug information valgrind starts in seconds instead of a minute; the symbols stay.
        if shutil.which("objcopy"):
            binary = os.path.join(tmp, "navgraph")
            subprocess.run(["objcopy", "--strip-debug", navgraph, binary], check=True)
        out = os.path.join(tmp, "callgrind.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary,
                              "analyze", app, "--no-cache", "-o", "/dev/null"], capture_output=True, text=True)
        if run.returncode != 0 or not os.path.exists(out):
            sys.exit(f"navgraph under callgrind failed ({run.returncode}):\n{run.stderr[-2000:]}")
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                                   check=True, capture_output=True, text=True).stdout
    total = None
    inclusive = []
    for line in annotated.splitlines():
        m = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+(.*)$", line)
        if not m:
            continue
        count = int(m.group(1).replace(",", ""))
        if m.group(2).startswith("PROGRAM TOTALS"):
            total = count
            continue
        # `file:function [object]`: the function, without the recursion mark callgrind adds ('2).
        name = m.group(2).split(" [")[0].split(":", 1)[-1]
        if "'" in name:
            continue
        inclusive.append((name, count))
    print(f"navgraph instruction counts (callgrind, inclusive over all threads): {app}, release build in {BIN}\n")
    for label, pattern in STAGES:
        if pattern is None:
            count = total
        else:
            found = [c for n, c in inclusive if re.search(pattern, n)]
            count = max(found) if found else None
        shown = f"{count / 1e6:>10,.0f}M" if count is not None else "  not found"
        print(f"  {label:<44} {shown}")


if __name__ == "__main__":
    main()
