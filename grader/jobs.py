"""One submission's grading state: its outcomes so far, its child, its strikes and CPU budget."""

from __future__ import annotations

import os
import signal

from grader import execution, isolation
from grader.discover import Submission
from grader.execution import STRIKES
from grader.sandbox.loader import LoadProblem

# After MAX_TIMEOUTS strikes (time-outs, memory exhaustions, crashes) the rest of a submission's checks
# are not run (grader.runner also gives each check after the first time-out a shorter limit).
MAX_TIMEOUTS = 10


class Job:
    """One submission being graded: its outcomes so far and its current child process."""

    def __init__(self, submission: Submission, total: int) -> None:
        self.submission = submission
        self.total = total
        self.load: dict | None = None
        self.outcomes: dict[int, dict] = {}
        self.next = 0
        self.deadline = 0.0
        self.timeouts = 0  # strikes: time-outs, memory exhaustions and crashes
        self.spawned_at = 0  # the check the current child started at
        self.cpu_used = 0.0  # CPU seconds used by this submission's children that have ended
        # The outcome may owe to something outside the submission, so the result is not kept for reuse
        # (grader.cache): a child killed on the wall clock (the last resort: how busy the machine was), or by a
        # signal the grader did not send (the kernel's OOM killer, a ``kill -9``: see after_exit).
        self.external = False
        self.child: isolation.Child | None = None
        # Past the deadline but still computing (Battery._starved): (monotonic seconds, child's CPU seconds)
        # when the deadline last moved on, and how often it did in this step.
        self.grace: tuple[float, float] | None = None
        self.graces = 0
        self.reload_problem: dict | None = None  # why main.py failed to load again in the current child (LoadProblem)
        # main.py compiled under the policy, as marshal bytes its first child sent without running it
        # (grader.loading): kept opaque here, loaded by the later children. None: each child compiles it.
        self.code: bytes | None = None
        # A notebook's code cells, [[cell, first line, last line], ...] (its intake note): they load one by one.
        self.cells = next((note.get("cells") for note in getattr(submission, "notes", None) or ()
                           if isinstance(note, dict) and note.get("kind") == "notebook"), None)
        self.compiled_sent = False  # the first child's compiled code came (only its first such message counts)
        self.handed_on = False  # the child that compiled main.py ended, its code kept: the next child loads it

    @property
    def finished(self) -> bool:
        return (self.load is not None and self.load["status"] != "ok") or self.next >= self.total

    def stop_early(self, submission_cpu: float, resume: int | None = None, checkpoints: list[int] | None = None) -> None:
        """Mark the checks left as not run after MAX_TIMEOUTS strikes or ``submission_cpu`` CPU seconds used, up to
        check ``resume`` (None: all of them): the checks from there on run whatever came before (grader.battery.check's
        ``last`` and ``fresh``: a checkpoint whose own function is right must not fail because another function looped),
        except those of a checkpoint that has already failed, which cannot change its verdict (``checkpoints``: each
        check's checkpoint, in the order they run; without it, all of them run)."""
        resume = self.total if resume is None else resume
        if self.finished or self.load is None:
            return
        if self.timeouts >= MAX_TIMEOUTS:  # why: the strike seen most (grader.reports say it in words)
            strikes = [outcome["outcome"] for outcome in self.outcomes.values()]
            skipped = {"outcome": "not-run", "error": "after-" + max(STRIKES, key=strikes.count)}
        elif self.cpu_used >= submission_cpu:
            skipped = {"outcome": "not-run", "error": "cpu-budget"}
        else:
            return
        marked = list(range(self.next, resume))
        if checkpoints:
            failed = {checkpoints[index] for index, outcome in self.outcomes.items() if outcome["outcome"] != "passed"}
            failed.update(checkpoints[index] for index in marked)
            marked += [index for index in range(max(self.next, resume), self.total)
                       if checkpoints[index] in failed and index not in self.outcomes]
        for index in marked:
            self.outcomes[index] = dict(skipped)
        note = {"kind": "cpu-budget", "seconds": submission_cpu}
        if marked and skipped["error"] == "cpu-budget" and note not in self.load.setdefault("notes", []):
            self.load["notes"].append(note)
        self.next = max(self.next, resume) - 1
        self.advance()

    def advance(self) -> None:
        """Move on to the next check to run: past the check in flight and those stop_early marked as not run."""
        self.next += 1
        while self.next in self.outcomes:
            self.next += 1

    def after_exit(self, status: int) -> None:
        """Account for the current child, ended with wait ``status``, if it stopped before finishing its work (killed, crashed)."""
        if self.load is not None and not self.child.killed and status == 0 and (
                self.timeouts >= MAX_TIMEOUTS or self.next > self.spawned_at):
            return  # the child stopped by itself: after its last strike, or to hand over to a fresh child
        if self.load is None and self.code is not None and not self.handed_on and not self.child.killed and status == 0:
            self.handed_on = True  # the first child compiled main.py and sent the code (once only: no endless restarts)
            return
        reloaded = self.reload_problem
        if reloaded is not None and not self.child.killed and status == 0 and not self.finished:
            self.outcomes[self.next] = execution.reload_failed(reloaded)  # the check the child was to start with
            self.timeouts += self.outcomes[self.next]["outcome"] in STRIKES
            self.advance()
            return
        signalled = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        # A SIGKILL the grader did not send, long before the kernel's hard CPU limit (its limit + 2 s) would.
        self.external |= (signalled == signal.SIGKILL and not self.child.killed
                          and self.child.cpu_seconds < self.child.cpu_limit)
        timed_out = self.child.killed or signalled == signal.SIGXCPU
        reason = {"outcome": "timeout"} if timed_out else {"outcome": "crashed", "error": isolation.describe_exit(status)}
        if self.load is None:
            kind = "timeout" if timed_out else "crashed"
            self.load = {"status": "failed", "problem": LoadProblem(kind, reason.get("error", "")).to_dict(), "output": ""}
        elif not self.finished:
            self.outcomes[self.next] = reason
            self.timeouts += 1  # a time-out or a crash: both are strikes
            self.advance()
