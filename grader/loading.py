"""Load main.py in a grading child, under the module body's CPU-time limit, compiled once per submission.

A submission's first child only compiles main.py under the policy (:func:`compile_limited`) and sends the compiled code
(``marshal`` bytes) to the parent (:func:`compiled_message`); it ends without running the module body. The parent keeps
those bytes as they came (:func:`received_code`: it never unmarshals them) and every child that loads main.py, forked
after it, loads from them instead of compiling. So each load starts in a process where nothing was compiled: compiling
a large file leaves its memory behind, and a module body that measured how much room new objects took told the child
that compiled from the later ones (a check marked fresh among them).
"""

from __future__ import annotations

import base64
import binascii
from typing import Callable, TypeVar

from grader import execution
from grader.sandbox.loader import LoadFailure, LoadProblem, Loaded, compile_source, decode, load

T = TypeVar("T")

# The longest compiled code the first child hands on (marshal bytes; ~8 KiB for a main.py of this lesson). In base64
# it stays well under grader.isolation.MAX_MESSAGE; longer code is compiled again in each child.
MAX_COMPILED = 512 * 1024


class LoadTimeout(BaseException):
    """The module body ran past its time limit (raised by a timer signal in the child)."""


def compiled_message(compiled: bytes) -> dict:
    """The message with main.py's compiled code (:func:`grader.sandbox.loader.compile_source`'s bytes) for the
    parent: ``{"compiled": base64 text}``, or ``{"compiled": None}`` when it is longer than MAX_COMPILED."""
    return {"compiled": base64.b64encode(compiled).decode("ascii") if len(compiled) <= MAX_COMPILED else None}


def received_code(message: dict) -> bytes | None:
    """In the parent: the compiled code of a :func:`compiled_message` as opaque bytes, None when it holds none
    (too long, not base64). Nothing is unmarshalled here."""
    text = message.get("compiled")
    if not isinstance(text, str) or len(text) > (MAX_COMPILED + 2) // 3 * 4:
        return None
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None


def compile_limited(source: bytes, seconds: float, cells: list | None = None) -> tuple[bytes | None, dict | None]:
    """Compile ``source`` under the policy with ``seconds`` of CPU time, without running the module body (in a
    submission's first child, which then sends the code on); ``cells``: a notebook's code cells
    (grader.sandbox.loader.load), or None. Out: the compiled code and None, or None and the load message of the
    failure for the parent (encoding, syntax, policy, time-out; grader.execution.valid_load)."""
    notebook = tuple(tuple(cell) for cell in cells or ())
    return _limited(source, seconds, lambda: compile_source(decode(source)[0], notebook))


def load_limited(source: bytes, seconds: float, compiled: bytes | None = None,
                 cells: list | None = None) -> tuple[Loaded | None, dict]:
    """Load ``source`` with ``seconds`` of CPU time for the module body (in the child), from ``compiled`` (what
    :func:`received_code` kept; None: compiled here). ``cells``: a notebook's code cells (grader.sandbox.loader.load),
    or None. Out: the loaded submission (None when it failed) and the load message for the parent
    (grader.execution.valid_load)."""
    loaded, failed = _limited(source, seconds, lambda: load(source, compiled, cells))
    if failed is not None:
        return None, failed
    return loaded, {"load": True, "status": "ok", "output": loaded.output, "notes": loaded.notes}


def _limited(source: bytes, seconds: float, work: Callable[[], T]) -> tuple[T | None, dict | None]:
    """``work()`` (compiling or loading ``source``) with ``seconds`` of CPU time (not on Windows: no limit). Out: its
    result and None, or None and the load message of its failure, also when the module body swallowed the time-out
    (``finally: return``)."""
    budget = execution.CpuBudget(LoadTimeout)
    budget.start(seconds)
    done = None
    try:
        try:
            done = work()
        finally:
            budget.stop()
    except LoadFailure as failure:
        return None, _failed(failure.problem, failure.output, failure.notes)
    except LoadTimeout:
        pass
    if done is None or budget.fired:
        return None, _failed(_load_timeout(source, budget.line, seconds), "")
    return done, None


def _failed(problem: LoadProblem, output: str, notes: list[dict] | None = None) -> dict:
    """The load message of a load that failed with ``problem`` after printing ``output``; ``notes`` (a
    missing-functions problem's ``missing-function`` notes, grader.sandbox.loader.LoadFailure) when there are any."""
    return {"load": True, "status": "failed", "problem": problem.to_dict(), "output": output, **({"notes": notes} if notes else {})}


def _load_timeout(source: bytes, line: int | None, seconds: float) -> LoadProblem:
    """The time-out of a module body after ``seconds``, with the line of main.py it was busy at (``line``:
    1-based, or None)."""
    text = decode(source)[0].split("\n") if line else []  # decoded before: the body ran
    where = text[line - 1].strip()[:120] if line and line <= len(text) else None
    return LoadProblem("timeout", f"{seconds:g} s", line if where is not None else None, None, where)
