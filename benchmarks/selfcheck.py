"""A student's self-check (``grade main.py`` on a changed file) against merely starting Python with the imports.

Usage: python benchmarks/selfcheck.py [--runs 15]

Copies the reference solution into a temporary folder and runs ``grade main.py`` there
``--runs`` times, each time after appending a new comment (so no stored result is reused),
alternating with ``python -c "import pytest, RestrictedPython, jinja2"``. Prints the median
and the fastest wall-clock time (seconds) of each and the ratio of the medians. Run it on a
quiet machine: these are wall-clock times. Both commands run without ``PYTHONDONTWRITEBYTECODE``,
as on a student's machine: with it set, Python compiles the grader's own modules and the report
templates again on every run (about 0.08 s), while the bare imports still read the ``.pyc`` files
pip wrote at installation.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "tests" / "solutions" / "reference" / "main.py"
BARE = [sys.executable, "-c", "import pytest, RestrictedPython, jinja2"]


ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str], cwd: Path) -> float:
    """Wall-clock seconds of one run of ``command`` in ``cwd`` (its output discarded)."""
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   env=ENVIRONMENT)
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="runs of each command (default: 15)")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="selfcheck-"))
    try:
        shutil.copy(REFERENCE, folder / "main.py")
        grade = [sys.executable, "-m", "grader", "main.py"]
        timed(grade, folder)  # the first run may write the bytecode of the grader and its templates
        checks, bare = [], []
        for run in range(args.runs):
            with open(folder / "main.py", "a", encoding="utf-8") as source:
                source.write(f"\n# run {run}\n")
            checks.append(timed(grade, folder))
            bare.append(timed(BARE, folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for name, times in (("grade main.py", checks), ("bare imports", bare)):
        print(f"{name:14} median {statistics.median(times):.3f} s, fastest {min(times):.3f} s")
    print(f"ratio (medians): {statistics.median(checks) / statistics.median(bare):.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
