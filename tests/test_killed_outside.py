"""A grading child killed by a signal from outside the grader (the OOM killer, ``kill -9``): not the submission's
doing, so its result is not reused on the next run (grader.jobs.Job.external)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, SOLUTIONS
from grader import runner, signing

SOURCE = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")


class EndedChild:
    """A child that has ended: killed by the grader or not, after ``cpu`` seconds of its ``limit``."""

    def __init__(self, killed: bool, cpu: float, limit: int = 10) -> None:
        self.killed, self.cpu_seconds, self.cpu_limit, self.loaded = killed, cpu, limit, True


@pytest.mark.parametrize("killed, cpu, status, external", [
    (False, 0.3, signal.SIGKILL, True),     # SIGKILL not sent by the grader, far below the CPU limit: from outside
    (False, 12.0, signal.SIGKILL, False),   # the kernel's hard CPU limit (limit + 2 s): the submission's own loop
    (True, 0.3, signal.SIGKILL, False),     # the grader's own kill (decided on its own terms)
    (False, 0.3, signal.SIGSEGV, False),    # a crash of its own
    (False, 0.3, 256, False),               # exit 1
])
def test_only_a_sigkill_the_grader_did_not_send_nor_the_cpu_limit_explains_is_external(killed, cpu, status, external):
    job = runner.Job(submission=None, total=3)
    job.child, job.load = EndedChild(killed, cpu), {"status": "ok", "problem": None, "output": ""}
    job.after_exit(status)
    assert job.external is external and job.outcomes[0]["outcome"] in ("timeout", "crashed")


def busy_children(pid: int, cpu: float) -> list[int]:
    """The children of ``pid`` that have used at least ``cpu`` seconds of CPU time (user + system)."""
    found, tick = [], os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split() if entry.name.isdigit() else []
            if fields and int(fields[1]) == pid and (int(fields[11]) + int(fields[12])) / tick >= cpu:
                found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="Linux: /proc")
def test_a_child_killed_from_outside_is_graded_again_next_run(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    # A module body of a few seconds: the child is killed while it loads (so nothing else runs after it).
    (folder / "zoe.py").write_text(SOURCE + "\nwarm = 0\nfor i in range(40_000_000):\n    warm += i\n", encoding="utf-8")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "grader", str(folder), "--out", str(out), "--quiet", "--timeout", "30"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline, victims = time.monotonic() + 60, []
    while not victims and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        victims = busy_children(process.pid, 0.5)  # the child running the module body (not the one compiling it)
    assert victims, "no grading child seen"
    for victim in victims:
        os.kill(victim, signal.SIGKILL)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode in (0, 1), stderr
    stamped = json.loads(signing.verified(out / ".cache" / "reports.json"))
    assert "zoe" not in stamped["submissions"] and stamped["class"] is None
