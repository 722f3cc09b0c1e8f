"""``string.Template`` and ``textwrap``'s functions for a submission: Python's, which see a str (or int) of main.py's
own class as the exact str (or int) it holds. Both reach a translation table of the whole process that Python hands
to a text's own ``translate()``: ``re.escape``'s (called by Template's class hook with the delimiter) and
``TextWrapper``'s class-level one (``wrap``, ``fill``)."""

from __future__ import annotations

import re
import string
from typing import Any, Callable

from grader.sandbox.re_functions import refuse_debug

# What Python's class hook reads of a Template subclass to make its pattern (``pattern`` only from the class's own
# namespace: an inherited one is already compiled).
_SETTINGS = ("delimiter", "idpattern", "braceidpattern", "flags", "pattern")


class Template(string.Template):
    """``string.Template``: Python's, except that before Python's class hook makes a subclass's pattern, the subclass's
    ``delimiter``, ``idpattern``, ``braceidpattern``, ``flags`` and own ``pattern`` are read once, as that hook reads
    them (a descriptor of main.py's runs), and set on the subclass as they are, or as the exact str or int they hold:
    Python's hook hands the delimiter to ``re.escape``, which hands re's translation table (one dict for the whole
    process) to a str subclass's own ``translate()``. ``flags`` holding ``re.DEBUG`` raise ``ValueError``: Python's
    hook would compile the pattern with them and print its parse tree past the captured output."""

    __slots__ = ()

    def __init_subclass__(cls, **keywords: object) -> None:
        for name in _SETTINGS:
            if name != "pattern" or name in type.__dict__["__dict__"].__get__(cls):
                value = _exact(getattr(cls, name))
                if name == "flags":
                    refuse_debug(value)  # Python's hook compiles the pattern with these flags
                type.__setattr__(cls, name, value)
        super().__init_subclass__(**keywords)


def _exact(value: object) -> object:
    """``value``, or the exact str or int a str or int of another class holds (a regex flag stays one)."""
    if isinstance(value, str) and type(value) is not str:
        return str.__str__(value)
    if isinstance(value, int) and type(value) not in (int, bool, re.RegexFlag):
        return int.__index__(value)
    return value


def textwrap_function(guards: object, value: Callable[..., Any]) -> Callable[..., Any]:
    """textwrap's ``value`` (``dedent``, ``indent``, ``fill``, ``wrap``, ``shorten``) for a submission: the text must be
    a str (any other object's own ``translate()`` would receive the table too), read as the exact str it holds, as
    are the other str and int arguments."""
    def function(*args: Any, **kwargs: Any) -> Any:
        text = args[0] if args else kwargs.get("text")
        if not isinstance(text, str):
            raise TypeError(f"{value.__name__}() expected a str, not {type(text).__name__}")
        return value(*map(_exact, args), **{key: _exact(item) for key, item in kwargs.items()})
    function.__name__ = function.__qualname__ = value.__name__
    return function
