#!/usr/bin/env python3
"""navgraph on the field corpus: `make field`. Prints one table and writes it into docs/field.md.

For each app of field/<owner+name>.json, extracted under FIELD_DIR by scripts/field-extract.py, it runs
in a release build:
  - the parse floor (navgraph-parse-floor: discover, read and parse, nothing else), which also counts the
    Swift files and lines navgraph reads;
  - a cold `analyze --format json --no-cache`: its time, CPU seconds (user + system), peak memory;
  - `lint --no-cache`, for its exit code (skipped when the analyze did not finish);
and compares the graph with the app's truth file: the real root and the decoys taken for roots,
coordinators found and reached against the truth's list, the truth's sampled screens found and reachable,
findings by rule and severity, and how many findings the truth judges true, false or unsure, or does not
judge yet. A run past FIELD_TIMEOUT seconds (default 300) is stopped and reported; the next app goes on.

Environment: FIELD_DIR (required), FIELD_TIMEOUT, FIELD_APPS (comma-separated keys or repo names, a
subset), FIELD_OUT (where each app's graph, lint output and standard error are kept; default
/tmp/navgraph-field), NAVGRAPH_BIN_DIR (default .build-release/release), FIELD_WRITE (0: do not touch
docs/field.md).
`bench/field.py --rescore` scores the kept graphs again against the truth files, without running navgraph
(after a truth file was edited); it writes docs/field.md as a full run does.
"""
import collections
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("NAVGRAPH_BIN_DIR", os.path.join(ROOT, ".build-release", "release"))
FIELD = os.path.join(ROOT, "field")
DOC = os.path.join(ROOT, "docs", "field.md")
TIMEOUT = float(os.environ.get("FIELD_TIMEOUT", "300"))
OUT = os.environ.get("FIELD_OUT", "/tmp/navgraph-field")
BEGIN, END = "<!-- field:latest:begin -->", "<!-- field:latest:end -->"
RULE_ABBREV = {"dead-route": "DR", "unreachable-screen": "US", "unreachable-coordinator": "UC",
               "unhandled-action": "UA", "child-never-removed": "CNR", "unused-suppression": "SUP",
               "unused-action": "UAC", "orphan-handler": "OH", "no-root": "NR", "ambiguous-type": "AT"}

HOW_TO_GET = """FIELD_DIR is not set or holds no app. To bring the corpus in:
  1. with the fetch tool, fetch github:OWNER/NAME for each app in field/*.json ("repo"), which fills
     /work/.mirror/OWNER+NAME/;
  2. python3 scripts/field-extract.py /work/.mirror ~/field-apps
  3. make field FIELD_DIR=~/field-apps"""


def run(args, timeout=None):
    """Runs a command, stopped after `timeout` seconds (None: no limit). Returns (seconds, peak MB, CPU
    seconds, exit code or None when stopped, stdout, stderr). The wait blocks, so the time has no
    polling error; a timer kills the process group when the limit is reached."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        p = subprocess.Popen(args, stdout=out, stderr=err, start_new_session=True)
        stopped = threading.Event()

        def stop():
            stopped.set()
            os.killpg(p.pid, signal.SIGKILL)
        timer = threading.Timer(timeout, stop) if timeout is not None else None
        if timer:
            timer.start()
        # wait4 gives this child's own rusage (ru_maxrss in KB on Linux).
        _, status, usage = os.wait4(p.pid, 0)
        elapsed = time.perf_counter() - start
        if timer:
            timer.cancel()
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    code = None if stopped.is_set() else os.waitstatus_to_exitcode(status)
    return elapsed, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime, code, stdout, stderr


def corpus():
    """The apps of the corpus: (key, truth) for each field/<owner+name>.json, sorted by key."""
    apps = []
    for name in sorted(os.listdir(FIELD), key=str.lower):
        if name.endswith(".json") and "+" in name:
            with open(os.path.join(FIELD, name)) as f:
                apps.append((name[:-5], json.load(f)))
    return apps


def type_name(n):
    """A node's declared type name: navgraph prefixes a name declared in several files with its folder
    (`App/Setup/AppDelegate`); the truth names the type and its file."""
    return n["name"].rsplit("/", 1)[-1]


def compare(graph, truth):
    """What the graph says against the truth: a dict of counts and short texts for the table."""
    nodes = {n["id"]: n for n in graph.get("nodes", [])}
    by_kind = collections.defaultdict(lambda: collections.defaultdict(list))
    for n in nodes.values():
        by_kind[n["kind"]][type_name(n)].append(n)

    def node(kind, entry):
        """The node of `kind` for a truth entry: by type, then by file where the type has several."""
        candidates = by_kind[kind].get(entry["type"], [])
        same_file = [n for n in candidates if entry.get("file") and n.get("file") == entry["file"]]
        return (same_file or candidates or [None])[0]

    def same(entry, n):
        return entry.get("type") == type_name(n) and (not entry.get("file") or entry["file"] == n.get("file"))
    r = {}
    roots = [nodes[i] for i in graph.get("roots", []) if i in nodes]
    root = truth.get("root") or {}
    # By type and file: an app and the sample app of a framework it vendors may both declare `AppDelegate`.
    r["root_found"] = any(same(root, n) for n in roots) if root else None
    decoys = truth.get("decoys", [])
    r["roots"] = len(roots)
    r["decoy_roots"] = sum(1 for n in roots if any(same(d, n) for d in decoys))

    # Routers only carry out a coordinator's call: listed in the truth, not counted.
    coords = [c for c in truth.get("coordinators", []) if c.get("role") != "router"]
    r["coord_truth"] = len(coords)
    r["coord_found"] = sum(1 for c in coords if node("coordinator", c))
    reached = [c for c in coords if c.get("reached") is True]
    r["coord_reached_truth"] = len(reached)
    r["coord_reached"] = sum(1 for c in reached if (node("coordinator", c) or {}).get("reachable"))
    truth_names = {c["type"] for c in truth.get("coordinators", [])}
    r["coord_extra"] = sum(1 for name in by_kind["coordinator"] if name not in truth_names)

    screens = [n for n in nodes.values() if n["kind"] == "screen"]
    sample = truth.get("screens", [])
    r["screens"] = len(screens)
    r["screens_reachable"] = sum(1 for n in screens if n.get("reachable"))
    r["sample"] = len(sample)
    r["sample_found"] = sum(1 for s in sample if node("screen", s))
    r["sample_reached"] = sum(1 for s in sample if (node("screen", s) or {}).get("reachable"))

    findings = graph.get("findings", [])
    r["by_rule"] = collections.Counter((f["rule"], f["severity"]) for f in findings)
    verdicts = collections.defaultdict(list)
    for v in truth.get("verdicts", []):
        verdicts[(v["rule"], v["symbol"])].append(v)
    judged = collections.Counter()
    false_errors = []
    for f in findings:
        # Several findings may share a rule and symbol (one per sender): the file, the line, then the
        # message (which names the sender) tell them apart.
        candidates = verdicts.get((f["rule"], f.get("symbol")), [])
        for field in ("file", "line", "message"):
            if len(candidates) > 1:
                candidates = [v for v in candidates if v.get(field) in (None, f.get(field))] or candidates
        verdict = candidates[0]["verdict"] if candidates else "unjudged"
        judged[verdict] += 1
        if verdict == "false" and f["severity"] == "error":
            false_errors.append(f)
    r["judged"] = judged
    r["false_errors"] = len(false_errors)
    return r


def findings_cell(by_rule):
    if not by_rule:
        return "none"
    parts = []
    for (rule, severity), count in sorted(by_rule.items(), key=lambda kv: (kv[0][1] != "error", kv[0][0])):
        abbrev = RULE_ABBREV.get(rule, rule)
        parts.append(f"{count} {abbrev}" + (" **E**" if severity == "error" else ""))
    return ", ".join(parts)


def measure(key, app, keep, navgraph, floor):
    """Runs the floor, the cold analyze and lint on one app; keeps the graph, the outputs and the figures
    (run.json) in `keep`, so that `--rescore` can score them again against an edited truth."""
    t_floor, _, cpu_floor, _, stdout, _ = run([floor, app], TIMEOUT)
    m = re.search(r"parsed (\d+) files \((\d+) bytes, (\d+) lines\)", stdout)
    files, lines = (int(m.group(1)), int(m.group(3))) if m else (0, 0)
    graph_path = os.path.join(keep, "graph.json")
    if os.path.exists(graph_path):
        os.remove(graph_path)
    t, mb, cpu, code, _, err = run([navgraph, "analyze", app, "--format", "json", "-o", graph_path,
                                    "--no-cache", "--allow-inside-tree"], TIMEOUT)
    with open(os.path.join(keep, "analyze.stderr"), "w") as f:
        f.write(err)
    lint_code = None
    if code == 0:
        _, _, _, lint_code, lint_out, lint_err = run([navgraph, "lint", app, "--no-cache"], TIMEOUT)
        with open(os.path.join(keep, "lint.txt"), "w") as f:
            f.write(lint_out + lint_err)
    build = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
                           text=True).stdout.strip()
    figures = {"build": build, "files": files, "lines": lines, "floor": t_floor, "floor_cpu": cpu_floor, "analyze": t,
               "analyze_cpu": cpu, "mb": mb, "code": code, "lint_code": lint_code}
    with open(os.path.join(keep, "run.json"), "w") as f:
        json.dump(figures, f, indent=2)
    return figures


def score(name, fig, keep, truth, totals):
    """One table row from an app's figures and graph against its truth; adds to `totals`."""
    cells = [name, f"{fig['files']:,}", f"{fig['lines']:,}", f"{fig['floor']:.2f} s"]
    if fig["code"] is None:
        totals["stopped"] += 1
        return cells + [f"**over {TIMEOUT:.0f} s** (stopped)", "–", "–", f"{fig['mb']:,.0f} MB+"] + ["–"] * 10
    if fig["code"] != 0:
        totals["failed"] += 1
        return cells + [f"failed ({fig['code']})", "–", "–", f"{fig['mb']:,.0f} MB"] + ["–"] * 10
    with open(os.path.join(keep, "graph.json")) as f:
        graph = json.load(f)
    c = compare(graph, truth)
    j = c["judged"]
    real = {True: "yes", False: "**no**", None: "–"}[c["root_found"]]
    lint_code = fig["lint_code"]
    cells += [f"{fig['analyze']:.2f} s", f"{fig['analyze'] / fig['floor']:.1f}×",
              f"{fig['analyze_cpu'] / fig['floor_cpu']:.1f}×", f"{fig['mb']:,.0f} MB",
              "stopped" if lint_code is None else str(lint_code),
              f"{real} / {c['decoy_roots']} of {c['roots']}",
              f"{c['coord_found']} / {c['coord_truth']}",
              f"{c['coord_reached']} / {c['coord_reached_truth']}",
              str(c["coord_extra"]),
              f"{c['screens']} ({c['screens_reachable']})",
              f"{c['sample_found']} / {c['sample_reached']} of {c['sample']}",
              findings_cell(c["by_rule"]),
              f"{j['true']} / {j['false']} / {j['unsure']} / {j['unjudged']}",
              str(c["false_errors"])]
    for k in ("coord_found", "coord_truth", "coord_reached", "coord_reached_truth", "sample",
              "sample_found", "sample_reached", "false_errors"):
        totals[k] += c[k]
    for k in ("true", "false", "unsure", "unjudged"):
        totals[k] += j[k]
    totals["errors"] += sum(n for (_, sev), n in c["by_rule"].items() if sev == "error")
    totals["lint_fail"] += lint_code == 1
    return cells


def main():
    rescore = "--rescore" in sys.argv
    field_dir = os.environ.get("FIELD_DIR", "")
    if not rescore and (not field_dir or not os.path.isdir(field_dir) or not any(os.scandir(field_dir))):
        sys.exit(HOW_TO_GET)
    if "--check-dir" in sys.argv:
        return  # `make field` asks this before it spends minutes on a release build
    navgraph, floor = os.path.join(BIN, "navgraph"), os.path.join(BIN, "navgraph-parse-floor")
    for b in ([] if rescore else [navgraph, floor]):
        if not os.access(b, os.X_OK):
            sys.exit(f"missing {b}: make field builds it (swift build -c release --scratch-path .build-release)")
    wanted = {w.strip().replace("/", "+") for w in os.environ.get("FIELD_APPS", "").split(",") if w.strip()}
    os.makedirs(OUT, exist_ok=True)
    head = ("| app | files | lines | floor | analyze | ratio | cpu ratio | memory | lint exit | roots: real / decoys "
            "| coordinators found / truth | reached / truth | not in truth | screens (reachable) | sample found / reachable "
            "| findings | verdicts T / F / ? / unjudged | false errors |")
    rule = "|---|" + "---:|" * 8 + "---|" * 9
    rows = [head, rule]
    print(head)
    print(rule)
    totals = collections.Counter()
    builds = set()
    for key, truth in corpus():
        if wanted and key not in wanted:
            continue
        name = key.split("+", 1)[1]
        keep = os.path.join(OUT, key)
        figures_path = os.path.join(keep, "run.json")
        if rescore:
            if not os.path.exists(figures_path):
                continue
            with open(figures_path) as f:
                fig = json.load(f)
        else:
            app = os.path.join(field_dir, key, truth.get("analyze", "."))
            if not os.path.isdir(app):
                row = f"| {name} | not extracted (scripts/field-extract.py) |" + " |" * 16
                print(row)
                rows.append(row)
                continue
            os.makedirs(keep, exist_ok=True)
            fig = measure(key, app, keep, navgraph, floor)
        builds.add(fig.get("build", "?"))
        row = "| " + " | ".join(score(name, fig, keep, truth, totals)) + " |"
        print(row, flush=True)
        rows.append(row)
    summary = (f"Together: coordinators found {totals['coord_found']} of {totals['coord_truth']}, reached "
               f"{totals['coord_reached']} of {totals['coord_reached_truth']} the app reaches; sampled screens found "
               f"{totals['sample_found']}, reachable {totals['sample_reached']}, of {totals['sample']}; "
               f"{totals['errors']} errors, {totals['false_errors']} judged false; lint failed on {totals['lint_fail']} apps; "
               f"{totals['stopped']} stopped, {totals['failed']} failed; verdicts {totals['true']} true, "
               f"{totals['false']} false, {totals['unsure']} unsure, {totals['unjudged']} unjudged.")
    print("\n" + summary)
    if os.environ.get("FIELD_WRITE", "1") != "0" and not wanted:
        # The tree the binaries were built from, as recorded when they ran (a rescore may come later).
        stamp = ", ".join(sorted(builds)) or "?"
        block = (f"{BEGIN}\nLatest `make field`: build {stamp}, timeout {TIMEOUT:.0f} s, "
                 f"{os.cpu_count()} cores.\n\n" + "\n".join(rows) + "\n\n" + summary + f"\n{END}")
        with open(DOC) as f:
            doc = f.read()
        if BEGIN in doc and END in doc:
            doc = doc[:doc.index(BEGIN)] + block + doc[doc.index(END) + len(END):]
        else:
            doc = doc.rstrip("\n") + "\n\n" + block + "\n"
        tmp = DOC + ".tmp"
        with open(tmp, "w") as f:
            f.write(doc)
        os.replace(tmp, DOC)
        print(f"written to {os.path.relpath(DOC, ROOT)}")


if __name__ == "__main__":
    main()
