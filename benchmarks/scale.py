"""Scaling of batch grading: time per submission and the parent's peak memory, small class against large.

Usage: python benchmarks/scale.py [--small 1000] [--large 10000] [--jobs N] [--keep DIR]

Generates SMALL and LARGE distinct submissions (as benchmarks/throughput.py does: 3 in 4
correct, the rest typical mistakes), grades each folder once with the default settings
(``--force``, so nothing comes from an earlier run) and prints, per size, the wall time, the
milliseconds per submission and the peak resident memory (VmHWM) of the grader's parent
process; then how much each grew from SMALL to LARGE (targets: time per submission at most
+10%, parent peak memory at most +20%). Large runs take a while (10,000 submissions: about
ten minutes on a 2-core machine); run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import make_submissions, timed_grade  # noqa: E402  (a sibling script, not a package)


def measure(work: Path, n: int, jobs: int) -> tuple[float, int]:
    """Grade ``n`` fresh submissions under ``work``; (ms per submission, parent peak RSS in KiB)."""
    folder, out = work / f"submissions-{n}", work / f"reports-{n}"
    folder.mkdir(parents=True, exist_ok=True)
    make_submissions(folder, n)
    seconds, parent, _ = timed_grade(folder, out, ["--jobs", str(jobs), "--force"])
    print(f"{n:>7} submissions: {seconds:8.1f} s  {1000 * seconds / n:6.1f} ms each  parent peak "
          f"{parent / 1024:6.0f} MiB", flush=True)
    return 1000 * seconds / n, parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=1000, help="the small class (default 1000)")
    parser.add_argument("--large", type=int, default=10000, help="the large class (default 10000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallelism (default: CPUs)")
    parser.add_argument("--keep", type=Path, help="keep the generated submissions and reports in this folder")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="grader-scale-"))
    try:
        small_ms, small_rss = measure(work, args.small, args.jobs)
        large_ms, large_rss = measure(work, args.large, args.jobs)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"time per submission:  {100 * (large_ms / small_ms - 1):+.1f}%  (target <= +10%)")
    print(f"parent peak memory:   {100 * (large_rss / small_rss - 1):+.1f}%  (target <= +20%)")


if __name__ == "__main__":
    main()
