"""Load main.py in a grading child, under the module body's CPU-time limit, compiled once per submission.

A submission's first child compiles main.py under the policy and, before the module body runs, sends the compiled
code (``marshal`` bytes) to the parent (:func:`compiled_message`). The parent keeps those bytes as they came
(:func:`received_code`: it never unmarshals them) and every later child of that submission, forked from it, loads
from them instead of compiling again. They come from a process in which no code of the submission had run yet.
"""

from __future__ import annotations

import base64
import binascii
import signal
from typing import Callable

from grader import execution
from grader.sandbox.loader import LoadFailure, LoadProblem, Loaded, decode, load

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


def load_limited(source: bytes, seconds: float, compiled: bytes | None = None,
                 send: Callable[[dict], None] | None = None, cells: list | None = None) -> tuple[Loaded | None, dict]:
    """Load ``source`` with ``seconds`` of CPU time for the module body (in the child), from ``compiled`` (what
    :func:`received_code` kept; None: compiled here). ``send``: where the code compiled here goes, as a
    :func:`compiled_message`, before the module body runs (None: it is not sent). ``cells``: a notebook's code
    cells (grader.sandbox.loader.load), or None. Out: the loaded submission (None when it failed) and the load
    message for the parent (grader.execution.valid_load)."""
    budget = execution.CpuBudget(LoadTimeout)  # not on Windows: no time limit for the module body
    budget.start(seconds)
    loaded = None
    try:
        try:
            loaded = load(source, compiled, send and (lambda code: _send_whole(send, compiled_message(code))), cells)
        finally:
            budget.stop()
    except LoadFailure as failure:
        return None, {"load": True, "status": "failed", "problem": failure.problem.to_dict(), "output": failure.output}
    except LoadTimeout:
        pass
    if loaded is None or budget.fired:  # also when the body swallowed the time-out (finally: return)
        return None, {"load": True, "status": "failed", "output": "",
                      "problem": _load_timeout(source, budget.line, seconds).to_dict()}
    return loaded, {"load": True, "status": "ok", "output": loaded.output, "notes": loaded.notes}


def _send_whole(send: Callable[[dict], None], message: dict) -> None:
    """``send(message)`` with the CPU timer's signal held back until it is written: a time-out of the load then comes
    after the message, not inside it (a torn line would swallow the load message that follows it)."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPROF})
    try:
        send(message)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _load_timeout(source: bytes, line: int | None, seconds: float) -> LoadProblem:
    """The time-out of a module body after ``seconds``, with the line of main.py it was busy at (``line``:
    1-based, or None)."""
    text = decode(source)[0].split("\n") if line else []  # decoded before: the body ran
    where = text[line - 1].strip()[:120] if line and line <= len(text) else None
    return LoadProblem("timeout", f"{seconds:g} s", line if where is not None else None, None, where)
