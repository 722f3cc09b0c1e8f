"""The clocks main.py reads, moved on by the grader before the checks marked last.

A submission that behaves only while it is young (``time.monotonic() - start < 5``, ``datetime.now() < some
date``) would pass a battery that ends within seconds. Every clock main.py can read (``time``'s functions and
``datetime``'s ``now``, ``today`` and ``utcnow``) adds :data:`shift` seconds to the real one; the child sets it to
:data:`LATER` before the checks marked last (grader.battery.check ``last``), so those checks run a year on.
The contract has no clause on time (CONTRACT.md), so a correct solution gives the same results at any moment.
"""

from __future__ import annotations

import datetime as _datetime
import time as _time
from typing import Any

LATER = 400 * 24 * 3600.0  # seconds: a year and a month on, past any anniversary a submission could wait for
_NS = 1_000_000_000

shift = 0.0  # seconds added to every clock main.py reads (0 until the checks marked last)


def move_on(seconds: float) -> None:
    """Set the shift of every clock main.py reads to ``seconds`` (0: the real time again)."""
    global shift
    shift = float(seconds)


def time() -> float:
    """``time.time()`` moved on by :data:`shift` seconds."""
    return _time.time() + shift


def time_ns() -> int:
    """``time.time_ns()`` moved on by :data:`shift` seconds."""
    return _time.time_ns() + int(shift * _NS)


def perf_counter() -> float:
    """``time.perf_counter()`` moved on by :data:`shift` seconds."""
    return _time.perf_counter() + shift


def perf_counter_ns() -> int:
    """``time.perf_counter_ns()`` moved on by :data:`shift` seconds."""
    return _time.perf_counter_ns() + int(shift * _NS)


def monotonic() -> float:
    """``time.monotonic()`` moved on by :data:`shift` seconds."""
    return _time.monotonic() + shift


def monotonic_ns() -> int:
    """``time.monotonic_ns()`` moved on by :data:`shift` seconds."""
    return _time.monotonic_ns() + int(shift * _NS)


def localtime(seconds: Any = None) -> _time.struct_time:
    """``time.localtime``: of now moved on when ``seconds`` is None, else of ``seconds`` as given."""
    return _time.localtime(time() if seconds is None else seconds)


def gmtime(seconds: Any = None) -> _time.struct_time:
    """``time.gmtime``: of now moved on when ``seconds`` is None, else of ``seconds`` as given."""
    return _time.gmtime(time() if seconds is None else seconds)


def ctime(seconds: Any = None) -> str:
    """``time.ctime``: of now moved on when ``seconds`` is None, else of ``seconds`` as given."""
    return _time.ctime(time() if seconds is None else seconds)


def asctime(moment: Any = None) -> str:
    """``time.asctime``: of now moved on when ``moment`` is None, else of ``moment`` (a struct_time or 9-tuple)."""
    return _time.asctime(localtime() if moment is None else moment)


def strftime(format: Any, moment: Any = None) -> str:
    """``time.strftime``: ``format`` of now moved on when ``moment`` is None, else of ``moment``."""
    return _time.strftime(format, localtime() if moment is None else moment)


TIME_FUNCTIONS = {function.__name__: function for function in (
    time, time_ns, perf_counter, perf_counter_ns, monotonic, monotonic_ns, localtime, gmtime, ctime, asctime,
    strftime)}  # process_time: per load (grader.sandbox.process_state.load_clock), moved on as well

NOW_NAMES = ("now", "today", "utcnow")  # datetime's and date's class methods that read the clock


def now_method(value: object, name: str) -> object:
    """``value`` read as attribute ``name`` (grader.sandbox.guards.Guards.getattr), or, when it is the real
    ``now``/``today``/``utcnow`` of ``datetime.date`` or a subclass (bound to the class), the same reading of the
    clock moved on by :data:`shift` seconds. A subclass's own method stays as it is. Only a builtin method is asked
    for its ``__self__``: any other value may be main.py's object, whose ``__getattr__`` Python never calls on a read
    of ``obj.name`` (an attribute-style dict's answers a missing name with a KeyError)."""
    if name not in NOW_NAMES or type(value) is not type(_datetime.datetime.now):
        return value
    owner = value.__self__
    if not isinstance(owner, type) or not issubclass(owner, _datetime.date):
        return value
    if name == "today":
        return lambda: owner.fromtimestamp(time())
    if name == "utcnow":  # naive UTC, as the real one gives it
        return lambda: owner.fromtimestamp(time(), _datetime.timezone.utc).replace(tzinfo=None)
    return lambda tz=None: owner.fromtimestamp(time(), tz)
