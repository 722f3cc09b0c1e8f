"""collections.abc's classes, UserDict and UserList as bases of main.py's classes (``class Log(MutableMapping)``),
in a plain form.

The real ones have ``ABCMeta`` as metaclass: its ``register`` changes ``isinstance`` for everyone, and the guards
make plain classes only. A submission's class gets, in place of each such base, a stand-in made once with the
metaclass ``type`` and the same mixin methods (``get``, ``items``, ``pop``, ``update``, ``index``...), registered as
a virtual subclass of the real class, so ``isinstance(log, Mapping)`` holds as in Python. Abstract methods are
not enforced: one main.py leaves out raises when it is called, not when an object is made. ``__eq__``, ``__le__``
and the other mixin operators are collections.abc's own code: what they receive, main.py's code never sees.
"""

from __future__ import annotations

import collections
import collections.abc
from typing import Any

# The classes that may be bases (those the collections.abc view offers, and their bases; UserDict and UserList, whose
# methods work on self.data, but not UserString, whose format() would read fields past the attribute guard).
_OFFERED = (*(getattr(collections.abc, name) for name in (
    "Mapping", "MutableMapping", "Sequence", "MutableSequence", "Set", "MutableSet", "Iterable", "Iterator", "Hashable",
    "Callable", "Container", "Sized", "Collection", "Reversible")), collections.UserDict, collections.UserList)

# Class-body names a stand-in leaves out: ABCMeta's bookkeeping, the subclass hook and typing's subscription.
_LEFT_OUT = frozenset({"__module__", "__qualname__", "__slots__", "__abstractmethods__", "_abc_impl",
                       "__subclasshook__", "__class_getitem__", "__dict__", "__weakref__"})

_PLAIN: dict[type, type] = {}


def _plain(real: type) -> type:
    if real not in _PLAIN:
        bases = tuple(_plain(base) for base in real.__bases__ if base is not object) or (object,)
        namespace: dict[str, Any] = {"__slots__": (), "__module__": real.__module__}
        for key, value in vars(real).items():
            if key not in _LEFT_OUT and not getattr(value, "__isabstractmethod__", False):
                namespace[key] = value
        plain = type(real.__name__, bases, namespace)
        plain.__qualname__ = real.__qualname__
        real.register(plain)
        _PLAIN[real] = plain
    return _PLAIN[real]


for _offered in _OFFERED:
    _plain(_offered)


def plain_abc(base: object) -> object:
    """``base`` as a class of main.py may have it: the stand-in of a collections.abc class, any other as it is."""
    return _PLAIN.get(base, base) if isinstance(base, type) else base

# The real classes that have a stand-in (``Mapping[str, int]`` as a base is read as its origin for them).
PLAIN_ABCS = frozenset(_PLAIN)
# The stand-ins themselves (slots and no state of their own: an own subclass's object is copied by its data).
STAND_INS = tuple(_PLAIN.values())
USER_STAND_INS = (_PLAIN[collections.UserDict], _PLAIN[collections.UserList])  # whose copies get a new self.data
