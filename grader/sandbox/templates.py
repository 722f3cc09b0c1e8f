"""``string.Template`` for a submission: Python's, whose class hook reads a subclass's settings as exact strs and ints."""

from __future__ import annotations

import re
import string

# What Python's class hook reads of a Template subclass to make its pattern (``pattern`` only from the class's own
# namespace: an inherited one is already compiled).
_SETTINGS = ("delimiter", "idpattern", "braceidpattern", "flags", "pattern")


class Template(string.Template):
    """``string.Template``: Python's, except that before Python's class hook makes a subclass's pattern, the subclass's
    ``delimiter``, ``idpattern``, ``braceidpattern``, ``flags`` and own ``pattern`` are read once, as that hook reads
    them (a descriptor of main.py's runs), and set on the subclass as they are, or as the exact str or int they hold:
    Python's hook hands the delimiter to ``re.escape``, which hands re's translation table (one dict for the whole
    process) to a str subclass's own ``translate()``."""

    __slots__ = ()

    def __init_subclass__(cls, **keywords: object) -> None:
        for name in _SETTINGS:
            if name != "pattern" or name in type.__dict__["__dict__"].__get__(cls):
                type.__setattr__(cls, name, _exact(getattr(cls, name)))
        super().__init_subclass__(**keywords)


def _exact(value: object) -> object:
    """``value``, or the exact str or int a str or int of another class holds (a regex flag stays one)."""
    if isinstance(value, str) and type(value) is not str:
        return str.__str__(value)
    if isinstance(value, int) and type(value) not in (int, bool, re.RegexFlag):
        return int.__index__(value)
    return value
