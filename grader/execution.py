"""Run one check in the child and turn what happened into an outcome (a plain dict).

Most checks need nothing from pytest but the ``student`` fixture and their parameters: they
are run by calling ``item.runtest()`` (pytest's ``pytest_pyfunc_call`` hook) directly, under a
CPU-time budget, which is about ten times faster per check than pytest's full
``pytest_runtest_protocol``. Any other check (an instructor's check with other fixtures or a
skip/xfail marker) goes through that full protocol, with pytest-timeout's wall-clock limit.
"""

from __future__ import annotations

import signal
import time
import types

import pytest

from grader.battery import STUDENT_FILENAME, MemoryLimit, Mismatch, Student, bilingual, is_text, said
from grader.values import text_of

STRIKES = ("timeout", "memory", "crashed")  # outcomes that count towards a submission's strikes
_PROTOCOL_MARKERS = ("skip", "skipif", "xfail")
CPU_TIMER = hasattr(signal, "setitimer") and hasattr(signal, "SIGPROF")  # not on Windows


class CheckTimeout(BaseException):
    """A check used up its CPU-time budget (raised by the SIGPROF handler in the child)."""


class CpuBudget:
    """A CPU-time limit (``ITIMER_PROF``) for a stretch of code in the child.

    When the budget runs out, the handler sets :attr:`fired` and raises ``error`` in the
    running code. ``fired`` is the verdict: code that swallows the exception (``finally:
    return``) still used up its budget. :attr:`line` is the line of main.py that was running
    then (None: the grader's own code was). Without SIGPROF (Windows) nothing is limited.
    """

    def __init__(self, error: type[BaseException]) -> None:
        self.error = error
        self.fired = False
        self.line: int | None = None

    def _expired(self, signum: int, frame: types.FrameType | None) -> None:
        self.fired = True
        while frame is not None and frame.f_code.co_filename != STUDENT_FILENAME:
            frame = frame.f_back
        self.line = frame.f_lineno if frame is not None else None
        raise self.error()

    def start(self, seconds: float) -> None:
        """Arm the timer for ``seconds`` of CPU time (user + system) of this process."""
        self.fired = False
        self.line = None
        if CPU_TIMER:
            signal.signal(signal.SIGPROF, self._expired)
            signal.setitimer(signal.ITIMER_PROF, seconds)

    def stop(self) -> None:
        """Disarm the timer."""
        if CPU_TIMER:
            signal.setitimer(signal.ITIMER_PROF, 0)


_BUDGET = CpuBudget(CheckTimeout)


def direct(item: pytest.Item) -> bool:
    """Whether ``item`` can run without pytest's per-item protocol.

    True for a ``pytest.Function`` whose only fixtures are ``student`` and its own
    parametrized arguments, without skip/skipif/xfail markers.
    """
    if not isinstance(item, pytest.Function) or any(item.get_closest_marker(name) for name in _PROTOCOL_MARKERS):
        return False
    spec = getattr(item, "callspec", None)
    allowed = {"student", *(spec.params if spec is not None else ())}
    return set(item.fixturenames) <= allowed


def run_direct(item: pytest.Function, student: Student, seconds: float) -> dict:
    """Run ``item`` with ``student`` and return its outcome; ``seconds`` is its CPU-time budget.

    A check whose budget ran out timed out, whatever it reported: a submission that
    swallows the time-out (``finally: return``) must not turn it into a pass. Without
    SIGPROF (Windows) there is no budget here.
    """
    spec = getattr(item, "callspec", None)
    item.funcargs = {**(spec.params if spec is not None else {}), "student": student}
    student.begin()
    started = time.process_time()
    try:
        outcome = _timed(item, seconds)
    except CheckTimeout:  # the budget ran out between the check's end and the timer's disarming
        outcome = {"outcome": "timeout"}
    finally:
        item.funcargs = {}
    if _BUDGET.fired or time.process_time() - started >= seconds:
        return _timeout(student)
    if outcome["outcome"] == "memory" and student.in_flight is not None:  # the call that ran out of memory
        outcome["detail"] = {"tried": bilingual(student.in_flight)}
    return outcome


def _timeout(student: Student) -> dict:
    """A time-out's outcome, with the call that was running and the line of main.py it was at (if known)."""
    detail: dict = {}
    if student.in_flight is not None:
        detail["tried"] = bilingual(student.in_flight)
    line = _BUDGET.line if _BUDGET.fired else None
    if line is not None and 1 <= line <= len(student.source_lines):
        source = student.source_lines[line - 1].strip()[:120]
        detail["got"] = said(f"bezig op regel {line}: {source}", f"busy at line {line}: {source}")
    return {"outcome": "timeout", **({"detail": detail} if detail else {})}


def _timed(item: pytest.Function, seconds: float) -> dict:
    _BUDGET.start(seconds)
    try:
        try:
            item.runtest()
            return {"outcome": "passed"}
        except CheckTimeout:
            raise
        except BaseException as error:  # student code reached through the check: any exception is an outcome
            return failure(error)
    except CheckTimeout:
        return {"outcome": "timeout"}
    finally:
        _BUDGET.stop()


def failure(error: BaseException) -> dict:
    """The outcome for a check that raised ``error``: a finding, memory exhaustion, a time-out or an error."""
    if isinstance(error, (MemoryLimit, MemoryError)):
        return {"outcome": "memory"}
    if isinstance(error, Mismatch):
        return {"outcome": "failed", "detail": error.detail}
    if isinstance(error, pytest.fail.Exception) and str(error).startswith("Timeout"):
        return {"outcome": "timeout"}  # pytest-timeout, on the full-protocol path
    if isinstance(error, pytest.skip.Exception):
        return {"outcome": "error", "error": "skipped"}
    message = text_of(error, 300)  # a student's exception: its __str__ may raise or return a str subclass
    return {"outcome": "error", "error": f"{type(error).__name__[:60]}: {message}"}


def reload_failed(problem: dict) -> dict:
    """The outcome of a check that loads main.py anew (grader.battery.check ``fresh``) when that load failed with
    ``problem`` (grader.sandbox.loader.LoadProblem as a dict), though main.py loaded before: a time-out is one (a
    strike, as a slow check's); any other failure depends on when or where the body runs, and fails the check."""
    if problem.get("kind") == "timeout":
        return {"outcome": "timeout"}
    return {"outcome": "failed", "detail": {"tried": said("main.py opnieuw laden", "loading main.py again"),
                                            "expected": said("main.py laadt zoals de eerste keer",
                                                             "main.py loads as it did the first time"),
                                            "got": f"{problem.get('kind')}: {problem.get('detail')}"}}


def summarize(reports: list[pytest.TestReport], seconds: float) -> dict:
    """One outcome for a check run through pytest's protocol, from its setup/call/teardown reports.

    As for :func:`run_direct`, a check that ran ``seconds`` (wall clock) or longer timed out.
    """
    if any(report.duration >= seconds for report in reports):
        return {"outcome": "timeout"}
    for report in reports:
        if report.failed:
            return getattr(report, "grading", None) or {"outcome": "error", "error": str(report.longrepr)[-300:]}
    if any(report.skipped for report in reports):
        return {"outcome": "error", "error": "skipped"}
    return {"outcome": "passed"}


# What a child may send; a child runs student code, so the parent checks every message's shape.
OUTCOMES = ("passed", "failed", "error", "timeout", "memory", "crashed", "not-run")
_DETAIL_TEXTS = ("tried", "expected", "got")
_LOAD_KINDS = ("encoding", "empty", "too-large", "syntax", "indentation", "policy", "runtime",
               "missing-functions", "timeout", "crashed")
_CHILD_NOTES = ("decoded-utf16", "decoded-cp1252", "exit-called", "missing-function", "notebook-stopped",
                "syntax-warning")


def valid_outcome(outcome: object) -> bool:
    """Whether a check's outcome from a child has the shape the reports expect.

    In: ``{"outcome": one of OUTCOMES, "error": str (optional), "detail": {"tried",
    "expected", "got", "hint", "tip": str or {"nl", "en"}; "cause": str; "setup": bool; "case", "repeats": str} (optional)}``.
    """
    if not isinstance(outcome, dict) or outcome.get("outcome") not in OUTCOMES:
        return False
    if not set(outcome) <= {"outcome", "detail", "error"} or not isinstance(outcome.get("error", ""), (str, type(None))):
        return False
    detail = outcome.get("detail")
    if detail is None:
        return True
    return (isinstance(detail, dict) and set(detail) <= {*_DETAIL_TEXTS, "hint", "tip", "cause", "setup", "case", "repeats"}
            and all(is_text(detail[key]) for key in (*_DETAIL_TEXTS, "hint", "tip") if key in detail)
            and isinstance(detail.get("cause", ""), str) and isinstance(detail.get("setup", False), bool)
            and isinstance(detail.get("case", ""), str) and isinstance(detail.get("repeats", ""), str))


def valid_load(message: object) -> bool:
    """Whether a child's load message has the shape the reports expect.

    In: ``{"load": True, "status": "ok" | "failed", "output": str, "notes": [note...]
    (ok; failed: optional, ``missing-function`` notes only, grader.sandbox.loader.LoadFailure), "problem":
    LoadProblem.to_dict() (failed)}``; notes are the loader's own kinds.
    """
    if not isinstance(message, dict) or message.get("status") not in ("ok", "failed"):
        return False
    if not isinstance(message.get("output"), str):
        return False
    if message["status"] == "ok":
        return _valid_notes(message.get("notes"), _CHILD_NOTES)
    problem = message.get("problem")
    return (_valid_notes(message.get("notes", []), ("missing-function",))
            and isinstance(problem, dict) and problem.get("kind") in _LOAD_KINDS
            and set(problem) - {"cause"} == {"kind", "detail", "line", "column", "source"}
            and problem.get("cause", "exit") in ("exit", "main-block")
            and isinstance(problem["detail"], str) and isinstance(problem["source"], (str, type(None)))
            and all(isinstance(problem[key], (int, type(None))) for key in ("line", "column")))


def _valid_notes(notes: object, kinds: tuple[str, ...]) -> bool:
    """Whether ``notes`` is a list of notes of ``kinds`` whose values are str, int or None."""
    return isinstance(notes, list) and all(
        isinstance(note, dict) and note.get("kind") in kinds
        and all(isinstance(value, (str, int, type(None))) for value in note.values()) for note in notes)


# The longest texts the parent keeps from a child (characters). The battery's own texts are far shorter
# (values are shown in a few hundred characters, output is capped at 10,000 by the loader): a child that
# sends more (code that escaped the sandbox) must not make the parent hold, render and write hundreds of
# megabytes (about 1 MiB per check, for every check).
MAX_TEXT = 4_000
MAX_OUTPUT = 12_000


def _clip(text: object, limit: int) -> object:
    if isinstance(text, str) and len(text) > limit:
        return text[:limit] + " [...]"
    if isinstance(text, dict):  # a said() pair
        return {key: _clip(value, limit) for key, value in text.items()}
    return text


def clipped_outcome(outcome: dict) -> dict:
    """A valid outcome (:func:`valid_outcome`) with every text cut to MAX_TEXT characters."""
    clipped = {key: _clip(value, MAX_TEXT) for key, value in outcome.items() if key != "detail"}
    if outcome.get("detail") is not None:
        clipped["detail"] = {key: _clip(value, MAX_TEXT) for key, value in outcome["detail"].items()}
    return clipped


def clipped_load(message: dict) -> dict:
    """A valid load message (:func:`valid_load`) with its output, problem and note texts cut short."""
    clipped = {**message, "output": _clip(message["output"], MAX_OUTPUT)}
    if isinstance(message.get("problem"), dict):
        clipped["problem"] = {key: _clip(value, MAX_TEXT) for key, value in message["problem"].items()}
    if isinstance(message.get("notes"), list):
        clipped["notes"] = [{key: _clip(value, MAX_TEXT) for key, value in note.items()} for note in message["notes"]]
    return clipped
