"""``copy.copy`` and ``copy.deepcopy`` for a submission: plain data and its own objects, nothing else.

The standard ``copy`` module rebuilds any other object from what its ``__reduce__`` names:
a callable and its arguments. Several library classes hand out such recipes an attacker can
steer (a bound method's is ``getattr(obj, name)``, typing's aliases look a name up in a module's
globals), so a submission could call the real ``getattr`` or reach the real builtins through it.
Here only the types below are copied, each by trusted code that calls no ``__reduce__``: values
that stay as they are (a real enum's members among them, as Enum's own copy methods keep them), the builtin containers, the ``collections`` containers (``UserDict``, ``UserList`` and
``UserString`` too: a caller may hand one in), and instances of
the submission's own classes (built on ``object``, the builtin containers, ``int``/``str``/
``float`` or exceptions; a class of its own that defines ``__copy__`` or ``__deepcopy__`` is copied by that method,
as the standard module does). Anything else raises TypeError, as the standard module does for an
object it cannot copy. The memo of a deep copy stays inside this module.
"""

from __future__ import annotations

import collections
import datetime
import decimal
import enum
import fractions
import functools
import re
import time
import types
import uuid
from typing import Any, Callable, Iterator

from grader.sandbox.abc_bases import STAND_INS, USER_STAND_INS
from grader.sandbox.dispatch import ABC
from grader.sandbox.module_names import ModuleNames
from grader.sandbox.zones import ZoneInfo

# Values a copy returns as they are (the standard module does the same for these).
ATOMIC = (type(None), bool, int, float, complex, str, bytes, range, type, types.FunctionType,
          types.BuiltinFunctionType, types.MethodType, re.Pattern, type(Ellipsis), type(NotImplemented),
          datetime.datetime, datetime.date, datetime.time, datetime.timedelta, datetime.timezone,
          decimal.Decimal, fractions.Fraction, uuid.UUID, slice, time.struct_time, ZoneInfo)  # immutable values
# Bases an own class may have and still be copied here (and builtin exceptions).
BASES = (object, ABC, dict, list, set, frozenset, tuple, int, str, float, collections.OrderedDict,
         collections.defaultdict, collections.Counter, collections.deque, *STAND_INS)  # collections.abc's: no state
# Containers whose copy gets a new ``data`` (the real classes and the plain stand-ins main.py's classes are built on).
# Objects Python's own copy cannot copy either (it falls back on pickling, which refuses them): their error is Python's,
# so that a report does not blame the grader for what fails outside it too.
UNCOPYABLE = (type({}.keys()), type({}.values()), type({}.items()), types.MappingProxyType, types.GeneratorType,
              types.CoroutineType, types.AsyncGeneratorType)
USER_CONTAINERS = (collections.UserDict, collections.UserList, collections.UserString, *USER_STAND_INS)
# Immutable builtin bases: how an own subclass's value is read without calling its own methods.
VALUES: dict[type, Callable[[Any], Any]] = {tuple: tuple, frozenset: frozenset, int: int.__index__, str: str.__str__,
                                           float: float.__float__}


class Copier:
    """Shallow and deep copies for one submission; ``is_own(cls)``: a class the submission made."""

    def __init__(self, is_own: Callable[[type], bool], atomic: Callable[[object], bool]) -> None:
        self.is_own = is_own
        self.atomic = atomic  # other values that stay as they are (the module views)

    def copy(self, x: Any) -> Any:
        """``copy.copy(x)``: a new container holding the same items, or ``x`` when it cannot change."""
        return self._copy(x, None)

    def deepcopy(self, x: Any, memo: dict | None = None) -> Any:
        """``copy.deepcopy(x, memo=None)``: the same data in new containers all the way down (cycles kept).
        ``memo``, as Python's: a dict of the copies made so far by ``id``, which a class's ``__deepcopy__(self,
        memo)`` hands on; anything but a dict or None raises TypeError."""
        if memo is not None and type(memo) is not dict:
            raise TypeError(f"the memo of copy.deepcopy is a dict, not {type(memo).__name__}")
        return self._copy(x, {} if memo is None else memo)

    def _copy(self, x: Any, memo: dict[int, Any] | None) -> Any:
        kind = type(x)
        if kind in ATOMIC or self.atomic(x) or isinstance(x, enum.Enum):  # a real enum's member (a host hands one
            return x  # in, a StrEnum status): Enum's own __copy__ and __deepcopy__ return the member itself
        if memo is not None and id(x) in memo:
            return memo[id(x)]
        items = (lambda values: [self._copy(v, memo) for v in values]) if memo is not None else list
        if kind is dict or kind is ModuleNames:  # copy.copy(globals()): a plain dict, as Python's
            made: Any = {}
            self._keep(memo, x, made)
            made.update(_pairs(x, items))
            return made
        if kind in (list, set, bytearray):
            made = kind()
            self._keep(memo, x, made)
            if kind is set:
                made.update(items(x))
            else:
                made.extend(items(x))
            return made
        if kind in (tuple, frozenset):
            return x if memo is None else self._keep(memo, x, kind(items(x)))
        if kind is collections.OrderedDict:
            return self._keep(memo, x, collections.OrderedDict(_pairs(x, items)))
        if kind is collections.defaultdict:
            made = collections.defaultdict(x.default_factory)
            self._keep(memo, x, made)
            made.update(_pairs(x, items))
            return made
        if kind is collections.Counter:
            return self._keep(memo, x, collections.Counter(dict(_pairs(x, items))))
        if kind is collections.deque:
            return self._keep(memo, x, collections.deque(items(x), x.maxlen))
        if kind is collections.ChainMap:  # a shallow copy copies only the first mapping, as ChainMap.copy does
            maps = [self._copy(mapping, memo) for mapping in x.maps] if memo is not None else \
                [self._copy(x.maps[0], None), *x.maps[1:]]
            return self._keep(memo, x, collections.ChainMap(*maps))
        if kind in (collections.UserDict, collections.UserList, collections.UserString):
            made = kind.__new__(kind)
            self._keep(memo, x, made)
            object.__getattribute__(made, "__dict__").update(self._attributes(x, object.__getattribute__(x, "__dict__"),
                                                                               memo, items))
            return made
        if kind is functools.partial:
            if memo is None:
                return functools.partial(x.func, *x.args, **x.keywords)
            return self._keep(memo, x, functools.partial(self._copy(x.func, memo), *items(x.args),
                                                         **dict(_pairs(x.keywords, items))))
        hook = "__copy__" if memo is None else "__deepcopy__"
        if self.is_own(kind) and self.is_own(next((cls for cls in kind.__mro__ if hook in vars(cls)), object)):
            # main.py's own copy method, called as Python's copy module calls it (main.py's code, as if it called it)
            made = getattr(x, hook)() if memo is None else getattr(x, hook)(memo)
            return made if made is x else self._keep(memo, x, made)
        if self.is_own(kind) and all(self.is_own(base) or base in BASES or _builtin_exception(base)
                                     for base in kind.__mro__):
            return self._own(x, kind, memo, items)
        if kind in UNCOPYABLE:
            raise TypeError(f"cannot pickle {kind.__name__!r} object")
        raise TypeError(f"a copy of a {kind.__name__} object is not available in the grader")

    def _attributes(self, x: Any, attributes: dict, memo: dict[int, Any] | None, items: Callable[[Any], list]) -> dict:
        """An object's attributes for its copy. A UserDict's, UserList's or UserString's (also as a base of main.py's
        class) get a new data container, as their __copy__ gives it (deep: copied all the way down)."""
        copied = dict(_pairs(attributes, items))
        if memo is None and "data" in copied and isinstance(x, USER_CONTAINERS):
            copied["data"] = self._copy(copied["data"], None)
        return copied

    @staticmethod
    def _keep(memo: dict[int, Any] | None, x: Any, made: Any) -> Any:
        if memo is not None:
            memo[id(x)] = made
        return made

    def _own(self, x: Any, kind: type, memo: dict[int, Any] | None, items: Callable[[Any], list]) -> Any:
        """An instance of the submission's own class: its builtin part, then its attributes."""
        if issubclass(kind, BaseException):
            made = BaseException.__new__(kind, *items(x.args))
        elif issubclass(kind, tuple(VALUES)):
            base = next(base for base in VALUES if issubclass(kind, base))
            made = base.__new__(kind, items(base.__iter__(x)) if base in (tuple, frozenset) else VALUES[base](x))
        else:
            # The first base not main.py's makes it: its own __new__ (a singleton's, a checked value's) takes no part.
            made = next(base for base in kind.__mro__ if not self.is_own(base)).__new__(kind)
        self._keep(memo, x, made)
        if isinstance(x, collections.defaultdict):
            object.__setattr__(made, "default_factory", x.default_factory)
        if isinstance(x, collections.deque):
            collections.deque.__init__(made, items(collections.deque.__iter__(x)), x.maxlen)
        elif isinstance(x, collections.OrderedDict):  # its own update keeps the order it tracks
            collections.OrderedDict.update(made, _pairs(x, items))
        elif isinstance(x, dict):
            dict.update(made, _pairs(x, items))
        elif isinstance(x, list):
            list.extend(made, items(list.__iter__(x)))
        elif isinstance(x, set):
            set.update(made, items(set.__iter__(x)))
        try:  # as type keeps it: a name missing on the object would be handed to main.py's own __getattr__
            attributes = object.__getattribute__(x, "__dict__")
        except AttributeError:
            attributes = None
        if type(attributes) is dict:
            object.__getattribute__(made, "__dict__").update(self._attributes(x, attributes, memo, items))
        for slot in _slots(kind):
            try:
                value = object.__getattribute__(x, slot)
            except AttributeError:
                continue
            object.__setattr__(made, slot, value if memo is None else self._copy(value, memo))
        return made


def _pairs(mapping: dict, items: Callable[[Any], list]) -> Iterator[tuple[Any, Any]]:
    """The keys and values of a dict (or a subclass), each list through ``items`` (copied or not), in the
    mapping's own order, read through the base type's methods (a subclass's own ``keys`` never runs)."""
    base = collections.OrderedDict if isinstance(mapping, collections.OrderedDict) else dict
    return zip(items(list(base.keys(mapping))), items(list(base.values(mapping))))


def _builtin_exception(base: type) -> bool:
    return issubclass(base, BaseException) and base.__module__ == "builtins"


def _slots(kind: type) -> list[str]:
    """The slot names of ``kind`` and its bases (a ``@dataclass(slots=True)`` has them), as Python made
    them when each class was made: its member descriptors, under exact strs. The ``__slots__`` object
    itself is main.py's and may answer otherwise at copy time (an iterable that yields a str subclass
    whose ``__hash__`` runs main.py code between the copier's read and its write)."""
    names = []
    for cls in kind.__mro__:
        if "__slots__" in vars(cls):
            names += [name for name, value in vars(cls).items()
                      if type(name) is str and type(value) is types.MemberDescriptorType]
    return names
