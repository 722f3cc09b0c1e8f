"""``re``'s module functions for a submission (``compile``, ``match``, ``sub``... and ``escape``): Python's, called with
exact strs, bytes and ints, and without the ``DEBUG`` flag.

The re module keeps process-wide state: its caches of compiled patterns and templates (found by ``==``, so by a str
subclass's own ``__eq__`` for a later call of the grader's) and the table ``re.escape`` hands to the argument's
``translate()``. Exact strs and ints reach none of them (``tests/attacks/harm/re_module_state.py``). ``re.DEBUG``
(128) makes Python print the pattern's parse tree with its own ``print`` to the process's real standard output, past
the captured output and its cap (``tests/attacks/harm/re_debug_flag_output.py``; a ``string.Template`` subclass's ``flags`` too: texts.py)."""

from __future__ import annotations

import inspect
import re
from typing import Any, Callable


def exact(value: Any) -> Any:
    """A str, bytes or int subclass as the exact base type (read through the base type's C code)."""
    kind = type(value)
    if kind in (str, bytes, int) or not isinstance(value, (str, bytes, int)):
        return value
    if isinstance(value, str):
        return str.__str__(value)
    return bytes(memoryview(value)) if isinstance(value, bytes) else int.__index__(value)


def refuse_debug(flags: object) -> None:
    """Raise ``ValueError`` when ``flags`` hold ``re.DEBUG``, ``TypeError`` when they are not an int: re reads the flags
    with ``&`` and ``|`` only, so an object of main.py's with its own ``__and__`` would answer that they hold it."""
    if not isinstance(flags, int):
        raise TypeError(f"regular expression flags must be an int in the grader, not {type(flags).__name__}")
    if flags & re.DEBUG:
        raise ValueError("re.DEBUG is not available in the grader: it prints past the captured output")


def re_function(guards: object, value: Callable[..., Any]) -> Callable[..., Any]:
    """re's function ``value`` for a submission: its arguments as exact strs, bytes and ints; raises ``TypeError`` or
    ``ValueError`` (:func:`refuse_debug`) when its ``flags``, by position or keyword, are no int or hold ``re.DEBUG``."""
    names = list(inspect.signature(value).parameters)
    at = names.index("flags") if "flags" in names else None  # re.escape has none

    def function(*args: Any, **kwargs: Any) -> Any:
        args, kwargs = tuple(map(exact, args)), {key: exact(item) for key, item in kwargs.items()}
        if "flags" in kwargs:
            refuse_debug(kwargs["flags"])
        elif at is not None and len(args) > at:
            refuse_debug(args[at])
        return value(*args, **kwargs)
    function.__name__ = function.__qualname__ = value.__name__
    return function
