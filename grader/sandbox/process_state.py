"""What the grading process keeps between two loads of main.py, made to look the same at every load.

A check marked ``fresh`` (grader.battery.check) loads main.py again in the process that already ran the
checks before it. Whatever a submission can read of the process tells such a load from the first one, and a
function that is wrong at its first calls only in the first load (a dispatcher that approves itself) then
meets those checks honest: the process's CPU time (``time.process_time``, a few hundredths of a second right
after the fork, seconds later on) and the process-wide caches of the libraries it may use (a large pattern
that compiles in milliseconds comes back from ``re``'s cache in microseconds).
"""

from __future__ import annotations

import re
import time
import typing
from typing import Callable

import _strptime

from grader.sandbox import clock


def forget_caches() -> None:
    """Empty the process-wide caches a submission's code fills or reads: typing's aliases (whose arguments
    are compared with a new subscription's, by a submission's own ``__eq__``), ``re``'s compiled patterns and
    templates, and the patterns ``datetime.strptime`` made per format. Called before every load of main.py, the
    first one too, so each load starts with the same empty caches."""
    for clear in getattr(typing, "_cleanups", ()):
        clear()
    re.purge()
    with _strptime._cache_lock:
        _strptime._regex_cache.clear()


def load_clock() -> Callable[[], float]:
    """``time.process_time`` as one load of main.py sees it: the CPU seconds since that load began (the first
    load of a process and a later one read alike), plus grader.sandbox.clock's shift."""
    origin = time.process_time()

    def process_time() -> float:
        return time.process_time() - origin + clock.shift  # moved on for the checks marked last, as every clock
    return process_time
