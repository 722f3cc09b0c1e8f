"""Shared helpers of the project's own tests: run the real ``grade`` command and read its results."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grader.reports import jsonreport

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "tests" / "solutions"


def run_grade(*args: str, cwd: Path | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run ``python -m grader ARGS`` in a fresh process; returns the completed process (text)."""
    return subprocess.run([sys.executable, "-m", "grader", *args], cwd=cwd or ROOT, capture_output=True,
                          text=True, timeout=timeout)


def grade_folder(folder: Path, out: Path, *extra: str) -> dict:
    """Grade ``folder`` into ``out`` and return results.json as a dict {id: submission result}."""
    # The corpora hold hundreds of submissions: on a loaded 2-core machine the wrong/ folder took over 11 minutes.
    done = run_grade(str(folder), "--out", str(out), "--quiet", *extra, timeout=1800)
    assert done.returncode == 0, done.stderr + done.stdout
    document = jsonreport.read(out / "results.json")
    return {entry["id"]: entry for entry in document["submissions"]}


def failing(result: dict, checkpoint: str) -> list[dict]:
    """The checks of ``checkpoint`` that did not pass."""
    return [check for check in result["checkpoints"][checkpoint]["checks"] if check["outcome"] != "passed"]


@pytest.fixture(scope="session")
def write_submissions(tmp_path_factory):
    """Write {id: source} as loose files in a fresh folder; returns the folder."""
    def write(sources: dict[str, str | bytes]) -> Path:
        folder = tmp_path_factory.mktemp("submissions")
        for student_id, source in sources.items():
            data = source if isinstance(source, bytes) else source.encode("utf-8")
            (folder / f"{student_id}.py").write_bytes(data)
        return folder
    return write
