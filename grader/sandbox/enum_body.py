"""The namespace an enum class's body runs in, so that ``NAME = auto()`` binds ``NAME`` to its value at once, as
Python's enum does: the rest of the body can use it (``WHITE = RED | BLUE | GREEN`` of a Flag, as Python's
documentation writes it, or an alias ``DEFAULT = OPEN``).

A ``class`` statement of main.py names the guards' ``__metaclass__`` (RestrictedPython adds it); Python asks that
object's ``__prepare__`` for the body's namespace before the body runs. Only an enum class gets an
:class:`EnumBody`; every other class a plain dict, as before.
"""

from __future__ import annotations

from typing import Any, Callable

from grader.sandbox.enum_markers import ignored_names, member, nonmember
from grader.sandbox.enums import StrEnum, _is_flag, _is_member_value, _next_value_hook, auto, auto_value, \
    is_enum_class, own_hook


class EnumBody(dict):
    """An enum class body's names: a member given ``auto()`` is stored (and read by the body) as its value, made
    from the members before it (enums.auto_value). Holds plain data and main.py's own hook only; ``locals()`` in
    the body gives a copy (grader/sandbox/dunders.py), so main.py's code never holds this object."""

    __slots__ = ("_name", "_values", "_hook", "_flag", "_str_enum", "_ignored")

    def __init__(self, name: str, base: Any, own: Callable[[Any], bool]) -> None:
        super().__init__()
        self._name, self._values = name, []
        self._hook = _next_value_hook(base, own)  # an own enum base's; the body's own one is looked up when used
        self._flag = any(_is_flag(klass) for klass in type.__dict__["__mro__"].__get__(base))
        self._str_enum = issubclass(base, StrEnum)
        self._ignored: frozenset = frozenset()  # the names of _ignore_ (enum_markers.py)

    def __setitem__(self, key: Any, value: Any) -> None:
        if key == "_ignore_":
            self._ignored = ignored_names(value)
        is_member = type(key) is str and not (key.startswith("__") and key.endswith("__")) \
            and key not in self._ignored and _is_member_value(value) and not isinstance(value, nonmember)
        if is_member and isinstance(value, auto):
            hook = own_hook(self, self._name) or self._hook
            last = max([item for item in self._values if type(item) is int], default=0)  # Python 3.11's, for ints
            value = auto_value(key, self._values, last, hook, self._flag, self._str_enum)
        if is_member:
            self._values.append(value.value if isinstance(value, member) else value)
        dict.__setitem__(self, key, value)


class ClassStatement:
    """``__metaclass__`` for main.py's ``class`` statements: ``make(name, bases, namespace, **keywords)`` makes the
    class (Guards.metaclass); ``__prepare__`` gives a class with one enum base an :class:`EnumBody` (``own``: whether
    a class is main.py's), any other class a plain dict."""

    __slots__ = ("_make", "_own")

    def __init__(self, make: Callable[..., type], own: Callable[[Any], bool]) -> None:
        self._make, self._own = make, own

    def __prepare__(self, name: Any, bases: tuple, /, **keywords: Any) -> dict:
        enums = [base for base in bases if is_enum_class(base)]
        return EnumBody(str(name)[:100], enums[0], self._own) if len(enums) == 1 else {}

    def __call__(self, name: str, bases: tuple, namespace: dict, /, **keywords: Any) -> type:
        return self._make(name, bases, namespace, **keywords)
