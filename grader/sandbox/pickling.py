"""A stand-in for ``pickle`` as a copy written ``pickle.loads(pickle.dumps(x))`` uses it: plain data only.

The real ``loads`` calls whatever a pickle names (``os.system`` too) and ``dumps`` calls an object's ``__reduce__``;
here ``dumps`` takes only containers and values of the exact builtin types, and ``loads`` reads no global but the
set types, so what comes back is plain data. Any other object is refused with what to write instead.
"""

from __future__ import annotations

import io
import pickle
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # views imports classes, which imports modules, which imports this module
    from grader.sandbox.views import ModuleView

# The exact types dumps takes (no subclass: its own __reduce__ or __iter__ would run).
PLAIN_TYPES = frozenset({dict, list, tuple, set, frozenset, str, int, float, complex, bool, type(None), bytes})
# What a pickle of plain data may name (older protocols write sets as calls of their types).
GLOBALS = {(module, cls.__name__): cls for cls in (set, frozenset) for module in ("builtins", "__builtin__")}
# Sets and frozensets have their own opcodes from protocol 4 on.
LOWEST_PROTOCOL = 4

REFUSED = ("in the grader pickle.dumps takes plain data only (dict, list, tuple, set, str, int, float, bool, None, "
           "bytes): copy other objects with copy.deepcopy")


def is_plain(value: object) -> bool:
    """Whether ``value`` and everything in it is of :data:`PLAIN_TYPES` (looked at without running its code)."""
    stack, seen = [value], set()
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind not in PLAIN_TYPES:
            return False
        if kind in (dict, list, tuple, set, frozenset) and id(item) not in seen:
            seen.add(id(item))
            stack.extend(item if kind is not dict else [*dict.keys(item), *dict.values(item)])
    return True


class PlainUnpickler(pickle.Unpickler):
    """An unpickler that makes plain data only: any global but the set types is refused."""

    def find_class(self, module: str, name: str) -> type:
        found = GLOBALS.get((module, name))
        if found is None:
            raise pickle.UnpicklingError(f"global '{str(module)[:60]}.{str(name)[:60]}' is not available in the "
                                         "grader: pickle.loads makes plain data only")
        return found

    def persistent_load(self, pid: object) -> object:
        raise pickle.UnpicklingError("persistent ids are not available in the grader")


def dumps(obj: object, protocol: object = None, *, fix_imports: object = True, buffer_callback: object = None) -> bytes:
    """``pickle.dumps`` of plain data (:func:`is_plain`); ``protocol``: None or an int Python accepts (at least
    :data:`LOWEST_PROTOCOL` is used, so loads needs no global)."""
    if protocol is not None and type(protocol) is not int:
        raise TypeError("pickle protocol must be an int")
    if not is_plain(obj):
        raise pickle.PicklingError(REFUSED)
    if protocol is not None and protocol > pickle.HIGHEST_PROTOCOL:
        raise ValueError(f"pickle protocol must be <= {pickle.HIGHEST_PROTOCOL}")
    used = pickle.HIGHEST_PROTOCOL if protocol is not None and protocol < 0 else max(protocol or 0, LOWEST_PROTOCOL)
    return pickle.dumps(obj, used)


def loads(data: object, *, fix_imports: object = True, encoding: object = "ASCII", errors: object = "strict",
          buffers: object = None) -> object:
    """``pickle.loads`` of ``data`` (bytes or bytearray) with :class:`PlainUnpickler`."""
    if type(data) not in (bytes, bytearray):
        raise TypeError(f"a bytes-like object is required, not '{type(data).__name__}'")
    return PlainUnpickler(io.BytesIO(bytes(data))).load()


def pickle_view(views: dict) -> ModuleView:
    """The ``pickle`` stand-in: dumps, loads, the protocol numbers and the exceptions; any other name (``dump`` and
    ``load`` with a file, ``Pickler``) is refused as a name of a module offered in part (``views``: the submission's)."""
    from grader.sandbox.imports import partial_view  # (imported here for the same reason)
    return partial_view("pickle", views, {
        "dumps": staticmethod(dumps), "loads": staticmethod(loads), "HIGHEST_PROTOCOL": pickle.HIGHEST_PROTOCOL,
        "DEFAULT_PROTOCOL": pickle.DEFAULT_PROTOCOL, "PickleError": pickle.PickleError,
        "PicklingError": pickle.PicklingError, "UnpicklingError": pickle.UnpicklingError})
