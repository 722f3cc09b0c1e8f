"""What the grader prints while it works and when it is done."""

from __future__ import annotations

import sys
from pathlib import Path


class Progress:
    """Terminal output of one run: a line per graded submission, then a summary."""

    def __init__(self, total: int, lang: str, quiet: bool) -> None:
        self.total = total
        self.lang = lang
        self.quiet = quiet
        self.done = 0

    def warn_unisolated(self) -> None:
        print("grade: this platform has no fork/resource limits: submissions run in this process, "
              "without memory or CPU limits", file=sys.stderr)

    def graded(self, result: dict) -> None:
        self.done += 1
        if not self.quiet:
            marks = " ".join(("✔" if result["checkpoints"][k]["passed"] else "✘") for k in ("1", "2", "3"))
            print(f"[{self.done}/{self.total}] {result['id']}: {result['score']}/{result['max_score']}  {marks}  "
                  f"({result['status']})", flush=True)

    def summary(self, results: list[dict], out: Path) -> None:
        print(f"{len(results)} submissions graded; reports in {out}/")

    def self_check(self, result: dict, out: Path) -> None:
        print(f"{result['id']}: {result['score']}/{result['max_score']}")
