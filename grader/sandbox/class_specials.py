"""Two special methods of a class body of main.py that Python calls on its own, made safe before the class is made
(grader/sandbox/contexts.py's ``class_namespace`` calls :func:`kept_special`):

- ``__class_getitem__`` (``Box[int]``): a ``def`` of main.py, which Python makes a classmethod of the class itself,
  or ``classmethod(types.GenericAlias)``, as a dataclass made generic writes it: main.py's ``types.GenericAlias`` is
  a stand-in that makes nothing, so it becomes Python's own, which makes an alias of main.py's class only;
- ``__reduce__``: kept for an explicit call of main.py's (``obj.__reduce__()``) and for the grader's ``pickle``
  (grader/sandbox/pickling.py, which finds it with :func:`kept_reduce`), never followed by the grader's ``copy``
  (grader/sandbox/copying.py). Python's own ``copy`` would rebuild an object from what it returns, writing a state
  past the attribute guard into whatever the callable made: here its answer must name the object's own class, a
  class of main.py's with such a ``__reduce__`` (a base's) or a function of main.py, with a tuple of arguments and
  nothing more (no state, no items), so a pickle of it only makes what main.py could make itself: that callable
  called with those arguments.
"""

from __future__ import annotations

import types
import weakref
from typing import Any, Callable

from grader.sandbox.classes import student_function


_KEPT: "weakref.WeakSet[Callable[[Any], tuple]]" = weakref.WeakSet()  # the __reduce__ methods made here


def kept_reduce(cls: type) -> Callable[[Any], tuple] | None:
    """The ``__reduce__`` an object of ``cls`` has when it is one this module made of a class body of main.py's (found
    as Python finds it, first along the class's bases; read from their namespaces, so no code runs), else None."""
    for klass in type.__dict__["__mro__"].__get__(cls):
        method = type.__dict__["__dict__"].__get__(klass).get("__reduce__")
        if method is not None:
            return method if type(method) is types.FunctionType and method in _KEPT else None
    return None


def kept_special(class_name: str, key: str, value: Any, visible: Callable[[type], Any]) -> Any:
    """What the class body's ``key = value`` keeps (``value`` itself for any other name); ``visible``: the guards'
    ``type(x)``, whose stand-in of ``types.GenericAlias`` is the one main.py reads. ``TypeError`` for a
    ``__reduce__`` that is not a plain def."""
    if key == "__class_getitem__" and type(value) is classmethod and value.__func__ is visible(types.GenericAlias):
        return classmethod(types.GenericAlias)
    if key == "__reduce__" and value is not None:
        return _checked_reduce(class_name, value)
    return value


def _checked_reduce(class_name: str, method: Any) -> Callable[[Any], tuple]:
    if not student_function(method):
        raise TypeError(f"class {str(class_name)[:100]}: __reduce__ must be a plain def (no decorator) in the grader")

    def __reduce__(own: Any) -> tuple:
        made = method(own)
        if type(made) is not tuple or len(made) != 2 or type(made[1]) is not tuple \
                or not (made[0] is type(own) or student_function(made[0])
                        or isinstance(made[0], type) and kept_reduce(made[0]) is not None):
            raise TypeError("__reduce__ must return (the object's class or a function of main.py, a tuple of its "
                            "arguments) in the grader")
        return made
    __reduce__.__name__, __reduce__.__qualname__, __reduce__.__doc__ = method.__name__, method.__qualname__, \
        method.__doc__
    _KEPT.add(__reduce__)
    return __reduce__
