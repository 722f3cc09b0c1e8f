"""Grades do not depend on the machine's load or the parallelism: same verdicts, and slow correct code passes."""

from __future__ import annotations

import contextlib
import math
import shutil
import subprocess
import sys
import time
from typing import Iterator

from checks.lesson import proposal
from conftest import ROOT, SOLUTIONS, grade_folder
from grader.sandbox.loader import load

CORRECT = ["s01_plain_regex.py", "s05_class_based.py", "s16_table_driven.py"]
WRONG = ["daan-de-vries", "lars-visser", "fleur-smit"]  # failing from checkpoint 1, 2 and 3 on
REFERENCE = SOLUTIONS / "reference" / "main.py"
FUNCTIONS = ("validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket")
SLOWDOWN = 50  # the slowed solution is at least this many times slower per call than the reference
CALLS = 200  # calls of validate_ticket_proposal per timing
ROUNDS = 5  # timings per measurement; the fastest counts (the least disturbed by the machine)


@contextlib.contextmanager
def cpu_hogs(count: int) -> Iterator[None]:
    """Run ``count`` busy-loop Python processes for the duration of the ``with`` block, then kill them."""
    hogs: list[subprocess.Popen] = []
    try:
        for _ in range(count):
            hogs.append(subprocess.Popen([sys.executable, "-c", "while True: pass"]))
        yield
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()


def verdicts(results: dict[str, dict]) -> dict:
    """{id: (status, score, {checkpoint: passed}, {checkpoint: [(check id, outcome), ...]})} of graded results."""
    return {student: (entry["status"], entry["score"],
                      {number: checkpoint["passed"] for number, checkpoint in entry["checkpoints"].items()},
                      {number: [(check["id"], check["outcome"]) for check in checkpoint["checks"]]
                       for number, checkpoint in entry["checkpoints"].items()})
            for student, entry in results.items()}


def test_verdicts_same_with_one_or_two_jobs_and_under_cpu_load(tmp_path):
    folder = tmp_path / "submissions"
    folder.mkdir()
    for name in CORRECT:
        shutil.copyfile(SOLUTIONS / "correct" / name, folder / f"correct-{name}")
    for name in WRONG:
        shutil.copyfile(ROOT / "submissions" / name / "main.py", folder / f"wrong-{name}.py")
    out = tmp_path / "reports"
    alone = verdicts(grade_folder(folder, out, "--jobs", "1"))
    with cpu_hogs(2):
        loaded = verdicts(grade_folder(folder, out, "--jobs", "2", "--force"))
    assert len(alone) == 6
    assert [alone[f"correct-{name.removesuffix('.py')}"][1] for name in CORRECT] == [3, 3, 3]
    assert all(alone[f"wrong-{name}"][1] < 3 for name in WRONG)
    for student in sorted(alone):
        assert loaded[student] == alone[student], student


def slowed(source: str, iterations: int, functions: tuple[str, ...] = FUNCTIONS) -> str:
    """The reference ``source`` with a busy loop of ``iterations`` steps at the start of each of its ``functions``."""
    helper = f"def _slow():\n    n = 0\n    for _ in range({iterations}):\n        n += 1\n    return n\n\n\n"
    source = source.replace("\ndef matches(", "\n" + helper + "def matches(", 1)
    for name in functions:
        start = source.index(f"\ndef {name}(")
        body = source.index(":\n", start) + 2
        source = source[:body] + "    _slow()\n" + source[body:]
    assert source.count("_slow()") == 1 + len(functions), "the reference solution's layout changed"
    return source


def seconds_per_call(source: str) -> float:
    """CPU seconds per call of ``validate_ticket_proposal`` of ``source`` (loaded in this process) on the lesson's p."""
    validate = load(source.encode("utf-8")).functions["validate_ticket_proposal"]
    best = math.inf
    for _ in range(ROUNDS):
        proposals = [proposal() for _ in range(CALLS)]
        started = time.process_time()
        for p in proposals:
            validate(p)
        best = min(best, time.process_time() - started)
    return best / CALLS


def minimal_slowdown(reference: str) -> tuple[str, float]:
    """The reference slowed just enough to be SLOWDOWN times slower per call; (its source, the measured ratio)."""
    base = seconds_per_call(reference)
    probe = 1000
    per_iteration = max((seconds_per_call(slowed(reference, probe)) - base) / probe, 1e-9)
    iterations = math.ceil((SLOWDOWN - 1) * base / per_iteration * 1.05)
    for _ in range(4):  # measurements are noisy: raise the count until the ratio is really reached
        source = slowed(reference, iterations)
        ratio = seconds_per_call(source) / seconds_per_call(reference)
        if ratio >= SLOWDOWN:
            break
        iterations = math.ceil(iterations * SLOWDOWN / ratio * 1.1)
    return source, ratio


def test_correct_solution_fifty_times_slower_than_the_reference_still_passes(tmp_path):
    reference = REFERENCE.read_text(encoding="utf-8")
    source, ratio = minimal_slowdown(reference)
    assert ratio >= SLOWDOWN, f"only {ratio:.1f}x slower"
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "slow.py").write_text(source, encoding="utf-8")
    result = grade_folder(folder, tmp_path / "reports")["slow"]
    assert result["status"] == "graded", result["load"]
    not_passed = [(check["id"], check["outcome"]) for checkpoint in result["checkpoints"].values()
                  for check in checkpoint["checks"] if check["outcome"] != "passed"]
    assert not_passed == []
    assert result["score"] == 3
