"""What a submission may call but the grader refuses when the call runs: exit(), input(), and eval(), dir()...
inside a function (grader/sandbox/policy.py turns those into calls of :func:`refuse_unavailable`); and help(),
which runs but shows nothing.

The exceptions are the grader's own, so a refusal is told apart from the submission's own errors
(grader/values.py names them as Python would: ``SystemExit``, ``EOFError``).
"""

from __future__ import annotations


class ExitCalled(Exception):
    """``exit()``/``quit()`` in a submission: ends the module body early, fails a check in a function."""


class InputCalled(EOFError):
    """``input()`` in a submission: there is no keyboard while grading."""


def quiet_help(*args: object, **kwargs: object) -> None:
    """``help(obj)``: shows nothing while grading (a notebook's cell that looks a function up, ``help(json.dumps)``,
    runs on); Python's reads the documentation of any object through pydoc, past the guards."""


def refuse_input(*args: object) -> None:
    """``input()``: raises :class:`InputCalled` (an ``EOFError``)."""
    raise InputCalled("input() was called, but there is no keyboard while grading: leave input() out")


def refuse_unavailable(name: str) -> None:
    """A call of eval(), dir()... in a function: ``NotImplementedError``."""
    raise NotImplementedError(f"{name}() is not available in the grader")


def refuse_exit(*args: object) -> None:
    """``exit()``/``quit()``/``sys.exit()``: raises :class:`ExitCalled`."""
    raise ExitCalled("exit() was called")
