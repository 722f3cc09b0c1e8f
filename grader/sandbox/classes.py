"""What ``type(x)`` and ``x.__class__`` give a submission: safe classes, its own, stand-ins for the rest."""

from __future__ import annotations

import builtins
from typing import Any, Callable

from grader.sandbox.modules import WHITELIST

# The builtins a submission's namespace holds as they are (grader/sandbox/guards.py adds stand-ins).
PLAIN_BUILTINS = (
    "None", "False", "True", "Ellipsis", "NotImplemented", "abs", "all", "any", "ascii", "bin", "bool",
    "bytearray", "bytes", "callable", "chr", "classmethod", "complex", "dict", "divmod", "enumerate",
    "filter", "float", "format", "frozenset", "hash", "hex", "id", "int", "isinstance", "issubclass", "iter",
    "len", "list", "map", "max", "min", "next", "object", "oct", "ord", "pow", "property", "range", "repr",
    "reversed", "round", "set", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "zip",
    "ArithmeticError", "AssertionError", "AttributeError", "EOFError", "Exception", "ImportError",
    "IndexError", "KeyError", "LookupError", "MemoryError", "NameError", "NotImplementedError", "OSError",
    "OverflowError", "RecursionError", "RuntimeError", "StopIteration", "TypeError", "UnicodeError",
    "UnicodeDecodeError", "UnicodeEncodeError", "ValueError", "ZeroDivisionError",
)


def make_type(visible: Callable[[type], Any]) -> type:
    """What ``type`` is in a submission: ``type(x)`` and ``isinstance(c, type)`` work, making classes does not.

    The real ``type`` (and every other metaclass) stays out of reach: its three-argument form
    builds classes with any dunder method (``__reduce_ex__``, ``__del__``...) past the policy
    and the class guard. ``type(x)`` gives ``visible(type(x))``; ``type(int)`` and
    ``type(type)`` give this class itself. The class of plain data (SAFE_CLASSES, no
    metaclass among them) is given without calling ``visible``: submissions call ``type(x)``
    thousands of times per grading.
    """
    class OneArgumentType(type):
        def __call__(cls, *args: object) -> object:
            if len(args) != 1:
                raise TypeError("only type(x) with one argument is available in the grader; use a class statement")
            found = type(args[0])
            return found if found in _SAFE_DATA_CLASSES else visible(found)

        def __instancecheck__(cls, obj: object) -> bool:
            return isinstance(obj, type)

        def __subclasscheck__(cls, other: type) -> bool:
            return issubclass(other, type)

    stand_in = OneArgumentType("type", (), {"__slots__": (), "__module__": "builtins"})
    stand_in.__qualname__ = "type"
    return stand_in


# Classes ``type(x)`` and ``x.__class__`` hand out as they are (besides the submission's own): the
# builtins a submission has anyway and the classes of the whitelisted modules. Any other class
# (a bound method's, typing's aliases...) could build objects whose methods reach the grader.
SAFE_CLASSES = frozenset(
    {value for value in vars(builtins).values() if isinstance(value, type) and issubclass(value, BaseException)}
    | {getattr(builtins, name) for name in PLAIN_BUILTINS if isinstance(getattr(builtins, name), type)}
    | {type(None), type(Ellipsis), type(NotImplemented), bool}
    | {value for module, names in WHITELIST.values() if module is not None
       for value in (getattr(module, name) for name in names) if isinstance(value, type)})
_SAFE_DATA_CLASSES = frozenset(cls for cls in SAFE_CLASSES if not issubclass(cls, type))
_OPAQUE: dict[type, type] = {}


def opaque_class(cls: type) -> type:
    """A stand-in for ``cls`` with its name and ``isinstance``/``issubclass``, that makes nothing."""
    if cls not in _OPAQUE:
        class Opaque(type):
            def __call__(view, *args: object, **kwargs: object) -> object:
                raise TypeError(f"{cls.__name__} objects cannot be made in the grader")

            def __instancecheck__(view, obj: object) -> bool:
                return isinstance(obj, cls)

            def __subclasscheck__(view, other: type) -> bool:
                return isinstance(other, type) and issubclass(other, cls)

        _OPAQUE[cls] = Opaque(cls.__name__, (), {"__slots__": (), "__module__": cls.__module__})
    return _OPAQUE[cls]
