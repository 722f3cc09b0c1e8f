"""``string.Template`` for a submission: Python's, whose class hook reads a subclass's settings as exact strs and ints."""

from __future__ import annotations

import re
import string

# What Python's class hook reads of a Template subclass to make its pattern.
_SETTINGS = ("delimiter", "idpattern", "braceidpattern", "flags", "pattern")


class Template(string.Template):
    """``string.Template``: Python's, except that a subclass's ``delimiter``, ``idpattern``, ``braceidpattern``,
    ``flags`` and ``pattern`` that are a str or int of main.py's own class are set on the subclass as the exact str or
    int they hold, before Python's class hook reads them: that hook hands the delimiter to ``re.escape``, which hands
    re's translation table (one dict for the whole process) to the delimiter's own ``translate()``."""

    __slots__ = ()

    def __init_subclass__(cls, **keywords: object) -> None:
        for name in _SETTINGS:
            value = _setting(cls, name)
            if isinstance(value, str) and type(value) is not str:
                type.__setattr__(cls, name, str.__str__(value))
            elif isinstance(value, int) and type(value) not in (int, bool, re.RegexFlag):
                type.__setattr__(cls, name, int.__index__(value))
        super().__init_subclass__(**keywords)


def _setting(cls: type, name: str) -> object:
    """``cls.name`` as the class hook finds it, read from the namespaces of ``cls``'s MRO (no descriptor runs)."""
    for klass in type.__getattribute__(cls, "__mro__"):
        namespace = type.__dict__["__dict__"].__get__(klass)
        if name in namespace:
            return namespace[name]
    return None
