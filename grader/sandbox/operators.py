"""``operator.attrgetter`` and ``operator.methodcaller`` for a submission: every attribute read goes through the
attribute guard (Python's read attributes with the real ``getattr``, past it)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards


def attrgetter_maker(guards: Guards, value: Any) -> Callable[..., Callable[[Any], Any]]:
    """``operator.attrgetter(*names)``: reads each name (dotted: one attribute after another) through the guard."""
    def attrgetter(*names: Any) -> Callable[[Any], Any]:
        if not names or any(type(name) is not str for name in names):
            raise TypeError("attrgetter needs attribute names (str) in the grader")
        paths = [name.split(".") for name in names]

        def read(obj: Any) -> Any:
            found = [functools.reduce(guards.getattr, path, obj) for path in paths]
            return found[0] if len(found) == 1 else tuple(found)
        return read
    return attrgetter


def methodcaller_maker(guards: Guards, value: Any) -> Callable[..., Callable[[Any], Any]]:
    """``operator.methodcaller(name, *args, **kwargs)``: a function of ``obj`` that reads ``obj.name`` through the
    guard and calls it with those arguments (``methodcaller('startswith', 'set_')`` as a rule of a table)."""
    def methodcaller(name: Any, /, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        if type(name) is not str:
            raise TypeError("method name must be a string")

        def call(obj: Any) -> Any:
            return guards.getattr(obj, name)(*args, **kwargs)
        return call
    return methodcaller
