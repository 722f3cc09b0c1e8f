"""What an enum class body may mark as a member or not, as Python 3.11's ``enum`` reads it (grader/sandbox/enums.py
makes the class, grader/sandbox/enum_body.py runs its body): ``enum.member(value)`` makes a member of a value that
would not be one (a function), ``enum.nonmember(value)`` keeps a plain class attribute (a constant beside the
members), and ``_ignore_`` (a list of names, or one str of them split at spaces and commas) names what the body
binds but the class does not keep (a loop's variable)."""

from __future__ import annotations

from typing import Any


class member:  # noqa: N801 (Python's name)
    """``enum.member(value)``: ``value`` is a member's value."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on enum.member is not available in the grader")


class nonmember:  # noqa: N801 (Python's name)
    """``enum.nonmember(value)``: ``value`` stays a class attribute, not a member."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on enum.nonmember is not available in the grader")


def ignored_names(value: Any) -> frozenset:
    """The names an enum body's ``_ignore_ = value`` leaves out of the class, ``_ignore_`` itself among them;
    ``TypeError`` for anything but a str or a list or tuple of strs, and for a ``__dunder__`` name: without the
    ``__module__`` and ``__qualname__`` the class statement wrote, the class would take those of the grader's own
    frame that makes it (``tests/attacks/escape/enum_ignore_dunder_names.py``)."""
    names = value.replace(",", " ").split() if type(value) is str else value
    if type(names) not in (list, tuple) or not all(type(name) is str for name in names):
        raise TypeError("_ignore_ must be a str of names or a list of strs in the grader")
    if any(name.startswith("__") and name.endswith("__") for name in names):
        raise TypeError("_ignore_ names the class body's own names in the grader, not __dunder__ names")
    return frozenset({*names, "_ignore_"})
