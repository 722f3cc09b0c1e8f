"""What a submission may call but the grader refuses when the call runs: exit(), input(), and open(), eval()...
inside a function (grader/sandbox/policy.py turns those into calls of :func:`refuse_unavailable`).

The exceptions are the grader's own, so a refusal is told apart from the submission's own errors
(grader/values.py names them as Python would: ``SystemExit``, ``EOFError``).
"""

from __future__ import annotations

import errno

from grader.sandbox.names import WRITE_HINT


class ExitCalled(Exception):
    """``exit()``/``quit()`` in a submission: ends the module body early, fails a check in a function."""


class InputCalled(EOFError):
    """``input()`` in a submission: there is no keyboard while grading."""


def refuse_input(*args: object) -> None:
    """``input()``: raises :class:`InputCalled` (an ``EOFError``)."""
    raise InputCalled("input() was called, but there is no keyboard while grading: leave input() out")


def refuse_unavailable(name: str, reading: bool = False) -> None:
    """A call of open() (anywhere), eval(), dir()... (in a function): ``NotImplementedError``, but for ``open``
    ``FileNotFoundError`` when it would read (only main.py is there while grading: a saved log loaded at import
    behind ``except FileNotFoundError`` is not found, as in a fresh folder) and ``PermissionError`` when it would
    write."""
    if name == "open" and reading:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory while grading (main.py is the only file)")
    message = f"{name}() is not available in the grader"
    if name == "open":
        raise PermissionError(f"{message}: {WRITE_HINT[0]}")
    raise NotImplementedError(message)


def refuse_exit(*args: object) -> None:
    """``exit()``/``quit()``/``sys.exit()``: raises :class:`ExitCalled`."""
    raise ExitCalled("exit() was called")
