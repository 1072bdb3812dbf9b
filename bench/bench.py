#!/usr/bin/env python3
"""navgraph's benchmark: `make bench`. Prints figures; asserts nothing (targets are in the README).

For synthetic coordinator apps of about 10k, 100k and 1M lines it measures, in a release build:
  - the parse floor (navgraph-parse-floor: discover, read and parse with SwiftParser, same threads),
  - a cold analyze (no cache) and its ratio to the floor, in time and in CPU seconds (what the time ratio
    would be if both kept the cores equally busy; on big apps the floor keeps them all busy),
  - a first analyze with an empty cache (which fills it); these three run in turn, so that all see the
    same load,
  - a warm analyze (cache filled, then one file edited: by a comment at its end, by comment lines that
    move its code down, and by a new method),
  - peak memory of the cold analyze;
  - the stages of one cold run of the largest app, as `--timings` gives them;
the time to render 100-, 1,000- and 5,000-screen graphs to SVG;
the time to analyze 2,000 screens behind coordinators of 5, 25, 100 and 400 routes each;
and, for each coordinator family's generator (bench/synth_<family>.py), the time to analyze and to
instantiate an app of 100 and 400 features, and how that grew (4.0× is linear).

With FIELD_DIR set (the field corpus, as `make field` uses it), it first measures each app of the corpus
that is extracted there, on a copy in BENCH_DIR: the parse floor, a cold analyze and its ratios, a first
run with an empty cache, a warm run after a code edit in one screen (a method added to the first view
controller class, by path), and peak memory. These lead; the synthetic sizes remain the check of growth.

Environment: NAVGRAPH_BIN_DIR (default .build-release/release), FIELD_DIR, FIELD_APPS (as for make
field), BENCH_SIZES (e.g. "10000,100000"),
BENCH_SCREENS (e.g. "100,1000"), BENCH_ROUTES (e.g. "5,400"), BENCH_FAMILY_FEATURES (e.g. "100,400"; empty
skips the family table), BENCH_RUNS (repetitions, the minimum is kept; default 3),
BENCH_DIR (default /tmp/navgraph-bench).
"""
import os
import re
import shutil
import subprocess
import sys
import time

import field  # bench/field.py: its `run` measures a command for both

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("NAVGRAPH_BIN_DIR", os.path.join(ROOT, ".build-release", "release"))
WORK = os.environ.get("BENCH_DIR", "/tmp/navgraph-bench")
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "10000,100000,1000000").split(",") if s]
SCREENS = [int(s) for s in os.environ.get("BENCH_SCREENS", "100,1000,5000").split(",") if s]
ROUTES = [int(s) for s in os.environ.get("BENCH_ROUTES", "5,25,100,400").split(",") if s]
FIELD_DIR = os.environ.get("FIELD_DIR", "")
FAMILY_FEATURES = [int(s) for s in os.environ.get("BENCH_FAMILY_FEATURES", "100,400").split(",") if s]
FAMILIES = ["applicationcoordinator", "companystyle", "coordinate", "kodeco", "radianttap", "xcoordinator"]


def run(args, expect_ok=True):
    """Runs a command; returns (seconds, peak RSS of that process in MB, stdout, stderr, CPU seconds:
    user + system)."""
    elapsed, mb, cpu, code, stdout, stderr = field.run(args)
    if expect_ok and code not in (0, 1):
        sys.exit(f"{' '.join(args)} failed ({code}): {stderr[-2000:]}")
    return elapsed, mb, stdout, stderr, cpu


def best(args, runs=RUNS):
    times = []
    rss = 0.0
    for _ in range(runs):
        t, r, _, _, _ = run(args)
        times.append(t)
        rss = max(rss, r)
    return min(times), rss


def best_interleaved(commands, runs=RUNS):
    """`best` for several commands, run in turn (one of each, `runs` times): a ratio of their times then
    compares runs made under the same load. WHY: this machine's speed drifts by 10 to 20% over minutes.
    A command is its arguments, or (arguments, a function to call before each run). Returns, per command,
    (best seconds, peak MB, least CPU seconds)."""
    times = [[] for _ in commands]
    cpus = [[] for _ in commands]
    rss = [0.0 for _ in commands]
    for _ in range(runs):
        for i, command in enumerate(commands):
            args, before = command if isinstance(command, tuple) else (command, None)
            if before:
                before()
            t, r, _, _, cpu = run(args)
            times[i].append(t)
            cpus[i].append(cpu)
            rss[i] = max(rss[i], r)
    return [(min(ts), r, min(cs)) for ts, r, cs in zip(times, rss, cpus)]


def generate(name, *flags, generator="synth_app.py"):
    path = os.path.join(WORK, name)
    if not os.path.isdir(path):
        out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", generator), path, *flags],
                             check=True, capture_output=True, text=True).stdout.strip()
        print(f"  generated {out}")
    return path


def lines_of(path):
    n = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            if f.endswith(".swift"):
                with open(os.path.join(dirpath, f), "rb") as fh:
                    n += fh.read().count(b"\n")
    return n


def stages(timings):
    """`--timings` output in one line: each stage, with the resolve stage's steps in brackets, and the
    slicer's steps (not instantiation's rounds) in square brackets."""
    top, steps, inner = [], [], []

    def close_step():
        if inner:
            steps[-1] += " [" + ", ".join(inner) + "]"
            inner.clear()

    def close_stage():
        close_step()
        if steps:
            top[-1] += " (" + ", ".join(steps) + ")"
            steps.clear()

    for line in timings.splitlines():
        if not line.startswith("timing:") or line.rstrip().endswith("(cached result)"):
            continue
        name, seconds = line[len("timing:"):].rsplit(None, 2)[0], line.split()[-2]
        depth = len(name) - len(name.lstrip(" ")) - 1
        if depth == 0:
            close_stage()
            top.append(f"{name.strip()} {seconds}")
        elif depth == 2:
            close_step()
            steps.append(f"{name.strip()} {seconds}")
        elif depth == 4 and steps and steps[-1].startswith("slice"):
            inner.append(f"{name.strip()} {seconds}")
    close_stage()
    return ", ".join(top)


SCREEN_CLASS = re.compile(rb"^(?:public |open |internal )?(?:final )?class (\w+)\s*:\s*UIViewController\b", re.M)


def field_screen_file(app):
    """The first Swift file (by path) declaring a view controller class, and that class."""
    for dirpath, dirs, files in sorted(os.walk(app)):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".swift"):
                path = os.path.join(dirpath, f)
                with open(path, "rb") as fh:
                    m = SCREEN_CLASS.search(fh.read())
                if m:
                    return path, m.group(1).decode()
    return None, None


def field_table(navgraph, floor):
    """The field corpus' figures: see the module's docstring."""
    wanted = {w.strip().replace("/", "+") for w in os.environ.get("FIELD_APPS", "").split(",") if w.strip()}
    apps = [(key, os.path.join(FIELD_DIR, key, truth.get("analyze", "."))) for key, truth in field.corpus()
            if not wanted or key in wanted]
    print(f"field corpus ({FIELD_DIR}), best of {RUNS}, stopped after {field.TIMEOUT:.0f} s")
    print(f"{'app':>24} {'lines':>8} {'floor s':>8} {'cold s':>8} {'ratio':>6} {'cpu ratio':>9} {'first s':>8} {'warm s':>8} {'peak MB':>8}")
    for key, source in apps:
        if not os.path.isdir(source):
            continue
        app = os.path.join(WORK, "field-" + key)
        shutil.rmtree(app, ignore_errors=True)
        shutil.copytree(source, app, symlinks=True)
        cache = os.path.join(WORK, f"cache-field-{key}")
        _, _, _, _, stdout, _ = field.run([floor, app], field.TIMEOUT)
        m = re.search(r"parsed (\d+) files \((\d+) bytes, (\d+) lines\)", stdout)
        lines = int(m.group(3)) if m else 0
        analyze = [navgraph, "analyze", app, "--format", "json", "-o", "/dev/null"]
        (t_floor, _, cpu_floor), (t_cold, rss, cpu_cold), (t_first, _, _) = best_interleaved([
            [floor, app],
            analyze + ["--no-cache"],
            (analyze + ["--cache-path", cache], lambda: shutil.rmtree(cache, ignore_errors=True)),
        ])
        victim, screen = field_screen_file(app)
        t_warm = float("nan")
        if victim:
            with open(victim, "rb") as fh:
                original = fh.read()
            times = []
            for i in range(RUNS):
                with open(victim, "wb") as fh:
                    fh.write(original + f"\nextension {screen} {{\n    func benchEdit{i}x{time.time_ns()}() {{ dismiss(animated: true) }}\n}}\n".encode())
                t, _, _, _, _ = run(analyze + ["--cache-path", cache])
                times.append(t)
            t_warm = min(times)
        shutil.rmtree(app, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        name = key.split("+", 1)[1]
        print(f"{name:>24} {lines:>8} {t_floor:>8.2f} {t_cold:>8.2f} {t_cold / t_floor:>6.1f} {cpu_cold / cpu_floor:>9.1f} "
              f"{t_first:>8.2f} {t_warm:>8.2f} {rss:>8.0f}", flush=True)
    print("  warm: the cache filled, then a method added to the first view controller class (by path): the app resolves again\n")


def main():
    navgraph = os.path.join(BIN, "navgraph")
    floor = os.path.join(BIN, "navgraph-parse-floor")
    for b in (navgraph, floor):
        if not os.access(b, os.X_OK):
            sys.exit(f"missing {b}: build with `swift build -c release` first (make bench does)")
    os.makedirs(WORK, exist_ok=True)
    threads = os.cpu_count()
    print(f"navgraph benchmark: {threads} cores, release build in {BIN}, best of {RUNS}\n")
    if FIELD_DIR:
        field_table(navgraph, floor)
    print(f"{'lines':>10} {'files':>6} {'floor s':>8} {'cold s':>8} {'ratio':>6} {'cpu ratio':>9} {'first s':>8} {'warm1 s':>9} {'warm2 s':>9} {'warm3 s':>9} {'warm4 s':>9} {'peak MB':>8}")
    for size in SIZES:
        app = generate(f"app-{size}", "--lines", str(size))
        files = sum(len([f for f in fs if f.endswith(".swift")]) for _, _, fs in os.walk(app))
        cache = os.path.join(WORK, f"cache-{size}")
        # The floor, a cold run, and a first run with an empty cache (a new checkout, a CI cache miss),
        # which fills the cache for the warm runs below.
        (t_floor, _, cpu_floor), (t_cold, rss, cpu_cold), (t_first, _, _) = best_interleaved([
            [floor, app],
            [navgraph, "analyze", app, "--format", "json", "-o", "/dev/null", "--no-cache"],
            ([navgraph, "analyze", app, "--format", "json", "-o", "/dev/null", "--cache-path", cache],
             lambda: shutil.rmtree(cache, ignore_errors=True)),
        ])
        victim = os.path.join(app, "Features", "Feature0", "Feature0Screen0ViewController.swift")
        with open(victim, "rb") as fh:
            original = fh.read()
        edits = {
            # A comment at the end: the file's facts do not change.
            "comment": lambda i, tag: original + f"// edit {tag}\n".encode(),
            # Comment lines above the screen's class: its code moves down (one line more each run, so
            # each run moves it again).
            "moved": lambda i, tag: original.replace(b"\nfinal class", b"\n" + f"/// edit {tag}\n".encode() * (i + 1) + b"final class", 1),
            # A layout statement changed and one added in a screen method: the facts change, but only in
            # statements that cannot navigate.
            "layout": lambda i, tag: original.replace(b"\"\\(item.title) \xe2\x80\x94 section 0\"\n",
                                                      f"\"\\(item.title) \u2014 section 0 {tag}\"\n        content.textProperties.numberOfLines = {i + 2}\n".encode(), 1),
            # A new method that sends an action: the file's facts change, so the graph is recomputed.
            "code": lambda i, tag: original + (f"\nextension Feature0Screen0ViewController {{\n"
                                               f"    func benchEdit{tag}() {{ onClose?() }}\n}}\n").encode(),
        }
        warm = {}
        try:
            for kind, edit in edits.items():
                times = []
                for i in range(RUNS):
                    with open(victim, "wb") as fh:
                        fh.write(edit(i, f"{i}x{time.time_ns()}"))
                    t, _, _, _, _ = run([navgraph, "analyze", app, "--format", "json", "-o", "/dev/null", "--cache-path", cache])
                    times.append(t)
                warm[kind] = min(times)
        finally:
            with open(victim, "wb") as fh:
                fh.write(original)
        print(f"{lines_of(app):>10} {files:>6} {t_floor:>8.2f} {t_cold:>8.2f} {t_cold / t_floor:>6.2f} {cpu_cold / cpu_floor:>9.2f} {t_first:>8.2f} "
              f"{warm['comment']:>9.2f} {warm['code']:>9.2f} {warm['moved']:>9.2f} {warm['layout']:>9.2f} {rss:>8.0f}")
    print("  cpu ratio: the cold run's CPU seconds (user + system) over the floor's: the time ratio if both kept the"
          " cores equally busy (on big apps the floor keeps them all busy, so the time ratio cannot be lower)")
    print("  first: a run with an empty cache, which fills it;"
          " warm1: cache filled, one file edited by a comment at its end; warm2: by a new method that sends an action;"
          " warm3: by comment lines that move its code down; warm4: by a changed and an added layout statement")
    if SIZES:
        # Where a cold run of the largest app goes, as the analyze command times its own stages.
        app = generate(f"app-{SIZES[-1]}", "--lines", str(SIZES[-1]))
        _, _, _, stderr, _ = run([navgraph, "analyze", app, "--format", "json", "-o", "/dev/null", "--no-cache", "--timings"])
        print(f"  stages of one cold run of the largest app, in seconds (--timings): {stages(stderr)}")

    print(f"\n{'screens':>10} {'analyze s':>10} {'render svg s':>13} {'render only s':>14}")
    for screens in SCREENS:
        app = generate(f"screens-{screens}", "--screens", str(screens))
        t_analyze, _ = best([navgraph, "analyze", app, "--format", "json", "-o", "/dev/null", "--no-cache"], runs=1)
        svg = os.path.join(WORK, f"screens-{screens}.svg")
        t_render, _, _, stderr, _ = run([navgraph, "render", app, "-o", svg, "--no-cache", "--timings"])
        # Drawing and writing, as the render command itself times them (not a difference of two runs).
        t_draw = sum(float(line.split()[-2]) for line in stderr.splitlines()
                     if line.startswith("timing: render") or line.startswith("timing: write"))
        print(f"{screens:>10} {t_analyze:>10.2f} {t_render:>13.2f} {t_draw:>14.2f}")

    # The same number of screens behind longer and longer route switches: each route method call runs the
    # other arms as unreachable code, so instantiation must not grow with the square of the routes.
    print(f"\n{'routes':>10} {'screens':>8} {'analyze s':>10} {'instantiate s':>14}")
    for routes in ROUTES:
        app = generate(f"routes-{routes}", "--screens", "2000", "--per-feature", str(routes))
        t_analyze, _, _, stderr, _ = run([navgraph, "analyze", app, "--format", "json", "-o", "/dev/null", "--no-cache", "--timings"])
        t_inst = next(float(line.split()[-2]) for line in stderr.splitlines() if line.startswith("timing:   instantiate"))
        print(f"{routes:>10} {2000:>8} {t_analyze:>10.2f} {t_inst:>14.2f}")
    print("  routes: routes (and screens) per coordinator; every route is navigated to from the screen before it")

    # Each family's own app shape (a router class every flow makes, events every coordinator sees, a
    # responder chain, route enums): instantiation must grow with the features, not their square.
    if FAMILY_FEATURES:
        apps = {(family, n): generate(f"{family}-{n}", "--features", str(n), generator=f"synth_{family}.py")
                for family in FAMILIES for n in FAMILY_FEATURES}
        header = "".join(f"{f'{n} analyze s':>14}{f'{n} inst s':>12}" for n in FAMILY_FEATURES)
        print(f"\n{'family':>24}{header}{'growth':>8}")
        for family in FAMILIES:
            row, insts = "", []
            for n in FAMILY_FEATURES:
                app = apps[(family, n)]
                # Best of the runs, for both figures (instantiation of these apps varies by a fifth run to run).
                t_analyze, t_inst = float("inf"), float("inf")
                for _ in range(RUNS):
                    t, _, _, stderr, _ = run([navgraph, "analyze", app, "--format", "json", "-o", "/dev/null", "--no-cache", "--timings"])
                    t_analyze = min(t_analyze, t)
                    t_inst = min(t_inst, next(float(line.split()[-2]) for line in stderr.splitlines() if line.startswith("timing:   instantiate")))
                insts.append(t_inst)
                row += f"{t_analyze:>14.2f}{t_inst:>12.2f}"
            growth = f"{insts[-1] / insts[0]:.1f}x" if len(insts) > 1 and insts[0] > 0 else "-"
            print(f"{family:>24}{row}{growth:>8}")
        print(f"  growth: instantiation at {FAMILY_FEATURES[-1]} features over {FAMILY_FEATURES[0]}; linear is {FAMILY_FEATURES[-1] / FAMILY_FEATURES[0]:.1f}x")


if __name__ == "__main__":
    main()
