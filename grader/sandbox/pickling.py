"""A stand-in for ``pickle`` as a copy written ``pickle.loads(pickle.dumps(x))`` uses it: plain data, and objects of
main.py's classes that define ``__reduce__``.

The real ``loads`` calls whatever a pickle names (``os.system`` too) and ``dumps`` calls any object's
``__reduce__``. Here ``dumps`` takes containers and values of the exact builtin types, and an object of a class of
main.py's whose ``__reduce__`` the grader kept (grader/sandbox/class_specials.py: it answers the object's class or a
function of main.py with a tuple of arguments, nothing more). Such a class or function is written as a number of
the load's own table, never by its name, so ``loads`` reads no global but the set types: the only things it calls
are the set types and what that table holds (the callables main.py's own ``__reduce__`` named), and it writes items
into exact dicts, lists and sets only (no state, no ``__setstate__``, no ``__new__`` of a class, no extension
registry). Any other object is refused with what to write instead.
"""

from __future__ import annotations

import io
import pickle
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # views imports classes, which imports modules, which imports this module
    from grader.sandbox.views import ModuleView

# The exact types written as Python writes them (no subclass: its own __reduce__ or __iter__ would run).
PLAIN_TYPES = frozenset({dict, list, tuple, set, frozenset, str, int, float, complex, bool, type(None), bytes})
# What a pickle may name (older protocols write sets as calls of their types).
GLOBALS = {(module, cls.__name__): cls for cls in (set, frozenset) for module in ("builtins", "__builtin__")}
# Sets and frozensets have their own opcodes from protocol 4 on.
LOWEST_PROTOCOL = 4

REFUSED = ("in the grader pickle.dumps takes plain data (dict, list, tuple, set, str, int, float, bool, None, bytes) "
           "and objects of classes that define __reduce__: copy other objects with copy.deepcopy")
# The opcodes that would make an object past its class's own __init__ or write its state: never written here.
_UNREAD = ("BUILD", "INST", "OBJ", "NEWOBJ", "NEWOBJ_EX", "EXT1", "EXT2", "EXT4", "PERSID")


class _Pickler(pickle.Pickler):
    """Python's pickler, refusing what it may not write (``reduced(cls)``: the kept ``__reduce__`` of a class, or
    None) and writing what a kept ``__reduce__`` names (main.py's class or function) as a number of ``table``."""

    def __init__(self, file: io.BytesIO, protocol: int, table: list, reduced: Callable[[type], Any]) -> None:
        super().__init__(file, protocol)
        self.table, self.reduced, self.named = table, reduced, []

    def persistent_id(self, obj: Any) -> int | None:
        if type(obj) in PLAIN_TYPES or not any(obj is named for named in self.named):
            return None
        for number, known in enumerate(self.table):
            if known is obj:
                return number
        self.table.append(obj)
        return len(self.table) - 1

    def reducer_override(self, obj: Any) -> Any:
        method = None if isinstance(obj, type) else self.reduced(type(obj))
        if method is None:
            raise pickle.PicklingError(REFUSED)
        made = method(obj)  # (its class, a class or function of main.py, a tuple of arguments): checked by the method
        self.named.append(made[0])  # written next, as a number of the table
        return made


def _refused(unpickler: "_Unpickler") -> None:
    raise pickle.UnpicklingError("this pickle was not made by pickle.dumps in the grader: it writes an object's state")


class _Raised(Exception):
    """The KeyError or IndexError of what a pickle calls (main.py's ``__init__``, a function of its), carried past
    ``loads``, which turns the unpickler's own (an unknown opcode, an empty stack) into ``UnpicklingError``."""


def _reduce(unpickler: "_Unpickler") -> None:
    """REDUCE: ``func(*args)`` when ``func`` is a set type or a callable of the load's table, as pickle.dumps wrote
    it; ``UnpicklingError`` for anything else on the stack (an object a call made, a str)."""
    stack = unpickler.stack
    arguments, function = stack.pop(), stack[-1]
    if not (function in (set, frozenset) or any(function is known for known in unpickler.table)) \
            or type(arguments) is not tuple:
        raise pickle.UnpicklingError("this pickle calls something pickle.dumps did not write in the grader")
    try:
        stack[-1] = function(*arguments)
    except (KeyError, IndexError) as error:
        raise _Raised(error) from None


def _target(unpickler: "_Unpickler", kind: type) -> Any:
    """The object an item opcode adds to: an exact ``kind`` only (a list, dict or set the pickle made, or one main.py
    could change itself), never an object whose own ``append`` or ``__setitem__`` would run."""
    target = unpickler.stack[-1]
    if type(target) is not kind:
        raise pickle.UnpicklingError(f"this pickle adds items to a {type(target).__name__[:60]}: pickle.dumps in the "
                                     f"grader adds them to a {kind.__name__} only")
    return target


def _append(unpickler: "_Unpickler") -> None:
    value = unpickler.stack.pop()
    _target(unpickler, list).append(value)


def _appends(unpickler: "_Unpickler") -> None:
    items = unpickler.pop_mark()
    _target(unpickler, list).extend(items)


def _setitem(unpickler: "_Unpickler") -> None:
    value = unpickler.stack.pop()
    key = unpickler.stack.pop()
    _target(unpickler, dict)[key] = value


def _setitems(unpickler: "_Unpickler") -> None:
    items = unpickler.pop_mark()
    target = _target(unpickler, dict)
    for index in range(0, len(items) - 1, 2):
        target[items[index]] = items[index + 1]


def _additems(unpickler: "_Unpickler") -> None:
    items = unpickler.pop_mark()
    _target(unpickler, set).update(items)


class _Unpickler(pickle._Unpickler):
    """Python's own unpickler (in Python, so each opcode is one of its methods): ``find_class`` gives the set types
    only, a persistent id is a number of ``table``, and REDUCE, the item opcodes and the refused ones are the grader's."""

    dispatch = dict(pickle._Unpickler.dispatch)
    dispatch.update({getattr(pickle, name)[0]: _refused for name in _UNREAD})
    dispatch.update({pickle.REDUCE[0]: _reduce, pickle.APPEND[0]: _append, pickle.APPENDS[0]: _appends,
                     pickle.SETITEM[0]: _setitem, pickle.SETITEMS[0]: _setitems, pickle.ADDITEMS[0]: _additems})

    def __init__(self, data: bytes, table: list) -> None:
        super().__init__(io.BytesIO(data))
        self.table = table

    def find_class(self, module: str, name: str) -> type:
        found = GLOBALS.get((module, name))
        if found is None:
            raise pickle.UnpicklingError(f"global '{str(module)[:60]}.{str(name)[:60]}' is not available in the "
                                         "grader: pickle.loads makes plain data only")
        return found

    def persistent_load(self, pid: object) -> object:
        if type(pid) is not int or not 0 <= pid < len(self.table):
            raise pickle.UnpicklingError("persistent ids are not available in the grader")
        return self.table[pid]


def _protocol(protocol: object) -> int:
    """The protocol ``dumps`` writes: None or an int Python accepts, at least :data:`LOWEST_PROTOCOL` (so loads needs no
    global)."""
    if protocol is not None and type(protocol) is not int:
        raise TypeError("pickle protocol must be an int")
    if protocol is not None and protocol > pickle.HIGHEST_PROTOCOL:
        raise ValueError(f"pickle protocol must be <= {pickle.HIGHEST_PROTOCOL}")
    return pickle.HIGHEST_PROTOCOL if protocol is not None and protocol < 0 else max(protocol or 0, LOWEST_PROTOCOL)


def pickle_view(views: dict) -> ModuleView:
    """The ``pickle`` stand-in of one load: dumps, loads, the protocol numbers and the exceptions; any other name
    (``dump`` and ``load`` with a file, ``Pickler``) is refused as a name of a module offered in part (``views``: the
    submission's). Its dumps and loads share the load's table of main.py's classes and functions."""
    from grader.sandbox.class_specials import kept_reduce  # (imported here for the same reason)
    from grader.sandbox.imports import partial_view
    table: list = []  # the classes and functions main.py's __reduce__ named, which loads may call

    def dumps(obj: object, protocol: object = None, *, fix_imports: object = True,
              buffer_callback: object = None) -> bytes:
        """``pickle.dumps``: plain data and objects of main.py's classes with a ``__reduce__``."""
        written = io.BytesIO()
        _Pickler(written, _protocol(protocol), table, kept_reduce).dump(obj)
        return written.getvalue()

    def loads(data: object, *, fix_imports: object = True, encoding: object = "ASCII", errors: object = "strict",
              buffers: object = None) -> object:
        """``pickle.loads`` of ``data`` (bytes or bytearray), as :class:`_Unpickler` reads it."""
        if type(data) not in (bytes, bytearray):
            raise TypeError(f"a bytes-like object is required, not '{type(data).__name__}'")
        try:
            return _Unpickler(bytes(data), table).load()
        except _Raised as raised:
            error = raised.args[0]
        except (KeyError, IndexError) as error:  # an unknown opcode, an empty stack: the C unpickler's error
            raise pickle.UnpicklingError(f"invalid pickle data ({type(error).__name__})") from None
        raise error  # main.py's own, as Python's loads passes it on (raised here: no context of the grader's)

    return partial_view("pickle", views, {
        "dumps": staticmethod(dumps), "loads": staticmethod(loads), "HIGHEST_PROTOCOL": pickle.HIGHEST_PROTOCOL,
        "DEFAULT_PROTOCOL": pickle.DEFAULT_PROTOCOL, "PickleError": pickle.PickleError,
        "PicklingError": pickle.PicklingError, "UnpicklingError": pickle.UnpicklingError})
