"""Dunder attributes a submission may read as plain values (names.VALUE_DUNDERS): an exception's chaining and notes,
and what a function of main.py's own holds.

Of an exception (any, also one a library raised): ``__notes__`` as a new list of strs (what ``add_note`` added),
``__suppress_context__`` (a bool), ``__context__`` only when that exception came from or through main.py's code
(its traceback names main.py, the rule of ``sys.exc_info``), else None: the exception being handled where main.py's
was raised may be the grader's (its args hold expected values); ``__traceback__`` is None, as ``sys.exc_info()[2]``
(a traceback's frames are the grader's too), so ``raise Other(...).with_traceback(error.__traceback__)`` works.

Of main.py's own functions (compiled from main.py, also bound to an object): ``__defaults__`` and ``__kwdefaults__``
(a tuple and a new dict of the values main.py's def evaluated), ``__wrapped__`` as the grader's ``functools.wraps``
recorded it (a function of main.py's only) and of an ``lru_cache`` of main.py's function. ``__closure__`` stays out:
its cells would write main.py's variables past the write guard, and a grader function's cells hold the guards.
"""

from __future__ import annotations

import functools
import types
from typing import TYPE_CHECKING, Any

from grader.battery import STUDENT_FILENAME
from grader.sandbox import classes  # classes imports views, which imports came_through_main from here
from grader.sandbox.names import EXCEPTION_DUNDERS, VALUE_HINTS

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards

_MISSING = object()


def came_through_main(error: object) -> bool:
    """True for an Exception whose traceback names main.py (raised by main.py's code, or passed through it)."""
    trace = error.__traceback__ if isinstance(error, Exception) else None
    while trace is not None and trace.tb_frame.f_code.co_filename != STUDENT_FILENAME:
        trace = trace.tb_next
    return trace is not None


def read_value_dunder(guards: "Guards", obj: Any, name: str, default: tuple) -> Any:
    """``obj.name`` (``getattr(obj, name, *default)``) for a name of VALUE_DUNDERS."""
    found = _exception_value(obj, name) if name in EXCEPTION_DUNDERS else _function_value(obj, name)
    if found is _MISSING and name == "__wrapped__" and guards.is_own(obj) and not isinstance(obj, type):
        found = _recorded_wrapped(obj)  # a class-based decorator's, by functools.update_wrapper(self, function)
    if found is not _MISSING:
        return found
    if default:
        return default[0]
    if name == "__notes__" and isinstance(obj, BaseException):  # Python's own error: no note was added
        raise AttributeError(f"'{type(obj).__name__}' object has no attribute '__notes__'")
    raise AttributeError(f'"{name}" of a {type(obj).__name__} object is not available in the grader: '
                         f"{VALUE_HINTS[name][0]}")

def _exception_value(error: Any, name: str) -> Any:
    if not isinstance(error, BaseException):
        return _MISSING
    if name == "__traceback__":
        return None
    if name == "__suppress_context__":
        return BaseException.__dict__["__suppress_context__"].__get__(error) is True
    if name == "__context__":
        context = BaseException.__dict__["__context__"].__get__(error)
        return context if came_through_main(context) else None
    notes = vars(error).get("__notes__", _MISSING)
    if type(notes) is not list or not all(isinstance(note, str) for note in notes):
        return _MISSING
    return [str.__str__(note) for note in notes]


def _function_value(function: Any, name: str) -> Any:
    if name == "__wrapped__" and type(function) is functools._lru_cache_wrapper:
        wrapped = getattr(function, "__wrapped__", None)
        return wrapped if classes.student_function(wrapped) else _MISSING
    if type(function) is types.MethodType:
        function = function.__func__
    if not classes.student_function(function):
        return _MISSING
    if name == "__wrapped__":
        wrapped = function.__dict__.get("__wrapped__", _MISSING)
        return wrapped if classes.student_function(wrapped) else _MISSING
    if name == "__kwdefaults__":
        return None if function.__kwdefaults__ is None else dict(function.__kwdefaults__)
    return function.__defaults__


def _recorded_wrapped(obj: Any) -> Any:
    """``__wrapped__`` of an object of main.py's own class: a function of main.py's in its ``__dict__``."""
    try:
        wrapped = object.__getattribute__(obj, "__dict__").get("__wrapped__", _MISSING)
    except AttributeError:  # __slots__ without __dict__
        return _MISSING
    return wrapped if classes.student_function(wrapped) else _MISSING


def record_wrapped(wrapper: Any, wrapped: Any) -> None:
    """What ``functools.wraps`` records of two functions of main.py's: ``wrapper.__wrapped__`` is ``wrapped``."""
    if classes.student_function(wrapper) and classes.student_function(wrapped):
        wrapper.__dict__["__wrapped__"] = wrapped

