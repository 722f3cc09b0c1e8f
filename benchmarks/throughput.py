"""Throughput of batch grading against the cost of merely starting Python with the grader's imports.

Usage: python benchmarks/throughput.py [--n 200] [--jobs N] [--keep DIR]

Generates N submissions (a mix of correct solutions and typical mistakes, no two
byte-identical), grades them with ``grade`` at its default settings, and prints
submissions per second, milliseconds per submission, the peak memory (RSS) of the grader's
parent process and of one worker child, then the *spawn floor*: the time to start N fresh
``python -c "import pytest, RestrictedPython, jinja2"`` processes with the same parallelism,
and the ratio spawn floor / grade time. A second, cached run over the same folder shows the
incremental speed-up. Timings are wall-clock seconds on this machine, so run it on a quiet one.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORRECT = sorted((ROOT / "tests" / "solutions" / "correct").glob("*.py"))
MISTAKES = sorted((ROOT / "submissions").glob("*/main.py"))


def make_submissions(folder: Path, n: int) -> None:
    """Write ``n`` loose submissions: 3 of every 4 correct, the rest typical mistakes, all distinct."""
    sources = [path.read_bytes() for path in CORRECT]
    mistakes = [path.read_bytes() for path in MISTAKES]
    for index in range(n):
        pool = mistakes if index % 4 == 3 else sources
        data = pool[index % len(pool)] + f"\n# inzending {index}\n".encode()
        (folder / f"student{index:05d}.py").write_bytes(data)


def peak_rss_kib(pid: int) -> int:
    """VmHWM (peak resident set size, KiB) of a live process, 0 when it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return 0
    return 0


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as listing:
            return [int(child) for child in listing.read().split()]
    except OSError:
        return []


def timed_grade(folder: Path, out: Path, extra: list[str]) -> tuple[float, int, int]:
    """Run grade; (wall seconds, parent peak RSS KiB, largest worker peak RSS KiB seen)."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "grader", str(folder), "--out", str(out), "--quiet", *extra],
                               stdout=subprocess.DEVNULL)
    parent = worker = 0
    while process.poll() is None:
        parent = max(parent, peak_rss_kib(process.pid))
        for child in children(process.pid):
            worker = max(worker, peak_rss_kib(child))
        time.sleep(0.02)
    if process.returncode != 0:
        raise SystemExit(f"grade failed with exit code {process.returncode}")
    return time.perf_counter() - start, parent, worker


def spawn_floor(n: int, jobs: int) -> float:
    """Seconds to start ``n`` Python processes importing pytest, RestrictedPython and jinja2."""
    command = [sys.executable, "-c", "import pytest, RestrictedPython, jinja2"]
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(lambda _: subprocess.run(command, check=True), range(n)))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="number of submissions (default 200)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallelism (default: CPUs)")
    parser.add_argument("--keep", type=Path, help="keep the generated submissions and reports in this folder")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="grader-bench-"))
    folder, out = work / "submissions", work / "reports"
    folder.mkdir(parents=True, exist_ok=True)
    make_submissions(folder, args.n)
    jobs = ["--jobs", str(args.jobs)]
    seconds, parent, worker = timed_grade(folder, out, jobs + ["--force"])
    cached, _, _ = timed_grade(folder, out, jobs)
    floor = spawn_floor(args.n, args.jobs)
    print(f"submissions:             {args.n} (jobs {args.jobs})")
    print(f"grade time:              {seconds:.2f} s")
    print(f"submissions per second:  {args.n / seconds:.1f}")
    print(f"ms per submission:       {1000 * seconds / args.n:.1f}")
    print(f"peak RSS parent:         {parent / 1024:.0f} MiB")
    print(f"peak RSS one worker:     {worker / 1024:.0f} MiB")
    print(f"spawn floor:             {floor:.2f} s ({1000 * floor / args.n:.1f} ms per process)")
    print(f"ratio floor / grade:     {floor / seconds:.2f}  (target >= 10)")
    print(f"cached rerun:            {cached:.2f} s ({seconds / cached:.1f}x faster; target >= 20x)")
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
