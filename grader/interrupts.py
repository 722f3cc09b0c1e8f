"""pytest's report of a Ctrl-C or SIGTERM, kept from failing on frames without a line number.

Python 3.11 gives a traceback entry no line number (``tb_lineno`` is None) when a signal lands on an
instruction that has none; pytest 9's terminal report of the interruption then fails with a TypeError
and the grader would print a traceback instead of its message (exit 130).
"""

from __future__ import annotations

import pytest
from _pytest._code import ExceptionInfo
from _pytest._code.code import TracebackEntry


def _has_line(entry: TracebackEntry) -> bool:
    """Whether pytest can name ``entry``'s line (it computes ``tb_lineno - 1``)."""
    try:
        entry.lineno
    except TypeError:
        return False
    return True


class LinelessFrames:
    """A pytest plugin: the interruption's traceback loses its entries without a line number before pytest
    formats it (the hook ``pytest_keyboard_interrupt``; nothing else changes)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_keyboard_interrupt(self, excinfo: ExceptionInfo[BaseException]) -> None:
        excinfo.traceback = excinfo.traceback.filter(_has_line)
