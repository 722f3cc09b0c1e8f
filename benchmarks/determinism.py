"""Determinism of verdicts: the same folder graded many times, alone and next to a CPU hog, gets the same grades.

Usage: python benchmarks/determinism.py [--n 40] [--runs 10] [--hogs 2] [--keep DIR]

Generates N submissions (a mix of correct solutions and typical mistakes, no two
byte-identical, as benchmarks/throughput.py does), then grades that same folder RUNS times
with ``--jobs 1`` and RUNS times with ``--jobs 2``, each time with ``--force`` into a fresh
output folder. Every other run (half of them) grades while HOGS busy-loop Python processes
(``while True: pass``) compete for the CPUs; they are killed when that run ends, also on
an error or Ctrl-C. The verdicts of every run are compared with those of the first: per
submission id its status, score, whether each checkpoint passed, and every check's (id,
outcome). Prints one line per (jobs, load) combination with its runs, the slowest run in
seconds and whether all its verdicts were identical; exits 1 and prints the first
difference when any run differs, else 0.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import make_submissions  # noqa: E402  (a sibling script, not a package)

JOBS = (1, 2)
BUSY_LOOP = "while True: pass"


def verdicts(results: dict) -> dict:
    """The verdicts of a results.json document, comparable with ``==``.

    In: results.json as a dict. Out: {submission id: {"status", "score", "passed": {checkpoint:
    bool}, "checks": {checkpoint: [(check id, outcome), ...]}}}.
    """
    table = {}
    for entry in results["submissions"]:
        checkpoints = entry["checkpoints"]
        table[entry["id"]] = {
            "status": entry["status"],
            "score": entry["score"],
            "passed": {number: checkpoint["passed"] for number, checkpoint in sorted(checkpoints.items())},
            "checks": {number: [(check["id"], check["outcome"]) for check in checkpoint["checks"]]
                       for number, checkpoint in sorted(checkpoints.items())},
        }
    return table


def first_difference(expected: dict, got: dict) -> str | None:
    """The first way in which two :func:`verdicts` tables differ, in words; None when they are equal."""
    if expected == got:
        return None
    if sorted(expected) != sorted(got):
        missing, extra = sorted(set(expected) - set(got)), sorted(set(got) - set(expected))
        return f"submission ids differ: missing {missing}, extra {extra}"
    for student in sorted(expected):
        before, after = expected[student], got[student]
        for field in ("status", "score", "passed"):
            if before[field] != after[field]:
                return f"{student}: {field} {before[field]!r} != {after[field]!r}"
        for number in sorted(before["checks"]):
            old, new = before["checks"][number], after["checks"].get(number, [])
            for (check, outcome), (other, other_outcome) in zip(old, new):
                if (check, outcome) != (other, other_outcome):
                    return f"{student}: checkpoint {number} check {check!r} {outcome!r} != {other!r} {other_outcome!r}"
            if len(old) != len(new):
                return f"{student}: checkpoint {number} has {len(old)} checks, then {len(new)}"
        return f"{student}: {before!r} != {after!r}"
    return "the verdicts differ"


@contextlib.contextmanager
def cpu_hogs(count: int) -> Iterator[None]:
    """Run ``count`` busy-loop Python processes for the duration of the ``with`` block, then kill them."""
    hogs: list[subprocess.Popen] = []
    try:
        for _ in range(count):
            hogs.append(subprocess.Popen([sys.executable, "-c", BUSY_LOOP]))
        yield
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()


def grade(folder: Path, out: Path, jobs: int) -> tuple[dict, float]:
    """Grade ``folder`` into ``out`` with ``--jobs jobs --force``; (its :func:`verdicts`, wall seconds)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "grader", str(folder), "--out", str(out), "--quiet",
                           "--jobs", str(jobs), "--force"], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"grade failed with exit code {done.returncode}:\n{done.stderr[-2000:]}")
    return verdicts(json.loads((out / "results.json").read_text(encoding="utf-8"))), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=40, help="number of submissions (default 40)")
    parser.add_argument("--runs", type=int, default=10, help="runs per --jobs value, half of them under load (default 10)")
    parser.add_argument("--hogs", type=int, default=2, help="busy-loop processes during a loaded run (default 2)")
    parser.add_argument("--keep", type=Path, help="keep the generated submissions and reports in this folder")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="grader-determinism-"))
    folder = work / "submissions"
    folder.mkdir(parents=True, exist_ok=True)
    make_submissions(folder, args.n)
    baseline: dict | None = None
    difference: str | None = None
    rows: dict[tuple[int, str], list] = {}  # (jobs, load) -> [runs, slowest seconds, identical]
    try:
        for jobs in JOBS:
            for run in range(args.runs):
                loaded = run % 2 == 1
                out = work / f"reports-jobs{jobs}-run{run:02d}"
                shutil.rmtree(out, ignore_errors=True)
                with cpu_hogs(args.hogs if loaded else 0):
                    table, seconds = grade(folder, out, jobs)
                baseline = table if baseline is None else baseline
                found = first_difference(baseline, table)
                if found and difference is None:
                    load = f"{args.hogs} hogs" if loaded else "none"
                    difference = f"jobs {jobs}, run {run + 1} (load {load}) against the first run: {found}"
                row = rows.setdefault((jobs, f"{args.hogs} hogs" if loaded else "none"), [0, 0.0, True])
                row[0] += 1
                row[1] = max(row[1], seconds)
                row[2] = row[2] and found is None
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"submissions: {args.n}")
    print(f"{'runs':>4}  {'jobs':>4}  {'load':<8}  {'slowest':>8}  identical")
    for (jobs, load), (runs, slowest, identical) in rows.items():
        print(f"{runs:>4}  {jobs:>4}  {load:<8}  {slowest:>7.1f}s  {'yes' if identical else 'no'}")
    if difference:
        print(f"first difference: {difference}")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
