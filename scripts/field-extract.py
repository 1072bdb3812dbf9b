#!/usr/bin/env python3
"""Writes each field-corpus app's pinned commit into OUT/<owner+name>/, the files navgraph reads only.

    scripts/field-extract.py MIRROR OUT [APP ...]

MIRROR is the folder the `fetch` tool fills (`/work/.mirror`): one folder per repository, named
`owner+name`, holding a git directory (`repo/`, `repo/.git`, `.git`, or the folder itself). The apps, their
commits and the folder to analyze are read from field/<owner+name>.json. Only *.swift, *.storyboard, *.xib,
*.pbxproj, Package.swift, YAML (XcodeGen specs) and Objective-C (.m, .mm) files are written; the rest of
the repository is not needed. An app already extracted at its commit with this file list
(OUT/<app>/.field-commit) is left as it is. Apps that are missing from MIRROR, or whose commit the mirror
lacks, are listed at the end with the `fetch` call that brings them in; the exit code is then 1.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from field import corpus  # noqa: E402  (the one reader of field/<owner+name>.json)
SUFFIXES = (".swift", ".storyboard", ".xib", ".pbxproj", ".yml", ".yaml", ".m", ".mm")
NAMES = ("Package.swift",)
# Changes when the list of files written changes, so that apps extracted before are written again.
LAYOUT = "files-3"


def git_dir(mirror, key):
    base = os.path.join(mirror, key)
    for candidate in (os.path.join(base, "repo", ".git"), os.path.join(base, "repo"), os.path.join(base, ".git"), base):
        if os.path.isfile(os.path.join(candidate, "HEAD")) and os.path.isdir(os.path.join(candidate, "objects")):
            return candidate
    return None


def wanted(path):
    name = path.rsplit("/", 1)[-1]
    return name.endswith(SUFFIXES) or name in NAMES


def extract(gitdir, commit, dest):
    """Streams the wanted blobs of `commit` into `dest` (written beside it, then renamed, so a stopped run
    leaves no half tree under the final name). Returns (files written, files the snapshot lacks)."""
    listing = subprocess.run(["git", "--git-dir", gitdir, "ls-tree", "-r", "-z", "--full-tree", commit],
                             capture_output=True, check=True).stdout
    entries = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, path = record.split(b"\t", 1)
        mode, kind, sha = meta.split()
        path = path.decode("utf-8", "surrogateescape")
        # Symlinks (120000) and submodules (commit entries) are not the app's own sources.
        if kind == b"blob" and mode != b"120000" and wanted(path):
            entries.append((sha.decode(), path))
    tmp = dest + ".partial"
    subprocess.run(["rm", "-rf", tmp], check=True)
    os.makedirs(tmp)
    missing = []
    batch = subprocess.Popen(["git", "--git-dir", gitdir, "cat-file", "--batch"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for sha, path in entries:
        batch.stdin.write(sha.encode() + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            missing.append(path)
            continue
        data = batch.stdout.read(int(header[2]))
        batch.stdout.read(1)  # the newline after each object
        target = os.path.join(tmp, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
    batch.stdin.close()
    batch.wait()
    with open(os.path.join(tmp, ".field-commit"), "w") as f:
        f.write(commit + " " + LAYOUT + "\n")
    subprocess.run(["rm", "-rf", dest], check=True)
    os.rename(tmp, dest)
    return len(entries) - len(missing), missing


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    mirror, out = sys.argv[1], sys.argv[2]
    only = set(sys.argv[3:])
    os.makedirs(out, exist_ok=True)
    absent = []
    for key, truth in corpus():
        if only and key not in only:
            continue
        commit = truth["commit"]
        dest = os.path.join(out, key)
        stamp = os.path.join(dest, ".field-commit")
        if os.path.exists(stamp) and open(stamp).read().strip() == commit + " " + LAYOUT:
            print(f"{key}: already at {commit[:10]}")
            continue
        gitdir = git_dir(mirror, key)
        if gitdir is None:
            absent.append((key, truth["repo"], "not in the mirror"))
            continue
        if subprocess.run(["git", "--git-dir", gitdir, "cat-file", "-e", commit + "^{commit}"],
                          capture_output=True).returncode != 0:
            absent.append((key, truth["repo"], f"the mirror lacks commit {commit[:10]}"))
            continue
        written, missing = extract(gitdir, commit, dest)
        print(f"{key}: {written} files at {commit[:10]}")
        for path in missing:
            print(f"  not in the snapshot (files of 4 MiB and more are left out): {path}")
    if absent:
        print("\nmissing apps; bring each in with the fetch tool, then run this again:", file=sys.stderr)
        for key, repo, why in absent:
            print(f"  {key}: {why}  (fetch github:{repo})", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
