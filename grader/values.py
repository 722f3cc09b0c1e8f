"""Trusted copies and readable renderings of values that student code returned."""

from __future__ import annotations

import collections
import gc
import itertools
import math
import reprlib
import types

try:
    from _decimal import Decimal as _C_DECIMAL
except ImportError:  # a Python without the C decimal: its Decimals are shown as <Decimal object>
    _C_DECIMAL = None

# How deep and how large a returned value may be before it is cut short.
MAX_DEPTH = 12
MAX_ITEMS = 2_000
MAX_NODES = 50_000


class Foreign:
    """Stands for a value of a type the battery does not trust (a custom class, a function...).

    A ``Foreign`` is never equal to anything, so a returned object that claims equality with
    everything (its own ``__eq__``) can never pass a comparison. ``origin`` is the object it
    stands for (kept, never used): :func:`same` finds two stand-ins for the very same object
    alike, so an object of the submission's own class left where it was (an extra key of a
    completed row, CONTRACT.md A7) is not a change.
    """

    __slots__ = ("type_name", "origin", "text")

    def __init__(self, type_name: str, origin: object = None, text: str | None = None) -> None:
        self.type_name = type_name
        self.origin = origin
        self.text = text  # how it is shown, when that could be learnt without running the submission's code

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        return self.text or f"<{self.type_name} object>"


def plain(value: object) -> object:
    """Return a trusted copy of ``value`` built only from exact builtin types.

    In: any object a student function returned or mutated. Out: the same data as exact
    ``dict``/``list``/``tuple``/``set``/``frozenset``/``str``/``int``/``bool``/``float``/
    ``bytes``/``bytearray``/``None``; subclasses of ``dict``/``str``/``int``/``list`` are read through the base
    type's C methods (their overrides are never called) and become the base type, which is
    the reading CONTRACT.md A1/A2/A10 leave open; a ``decimal.Decimal`` (exactly that C type) is a
    :class:`Foreign` shown as Python writes it (``Decimal('3')``); a ``types.MappingProxyType`` of a dict is
    read as that dict, a ``collections.ChainMap`` (exactly that class) of dicts as the dict its
    lookups see (A7: a completed row may be one); ``bool`` stays ``bool`` (R4); anything
    else becomes a :class:`Foreign` that equals nothing. Never runs student code. At most
    MAX_NODES values are copied (a list holding itself many times stops early).
    """
    return _plain(value, 0, [MAX_NODES])


def _plain(value: object, depth: int, budget: list[int]) -> object:
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    budget[0] -= 1
    if depth > MAX_DEPTH or budget[0] < 0:
        return Foreign("too deeply nested or too large value")
    if issubclass(kind, (bytes, bytearray)):  # read through the buffer, as the base types do in C
        return (bytes if issubclass(kind, bytes) else bytearray)(memoryview(value))
    if issubclass(kind, int):
        return int.__index__(value)
    if issubclass(kind, str):
        return str.__str__(value)
    if issubclass(kind, float):
        return float.__float__(value)
    if issubclass(kind, dict):
        out: dict = {}
        pairs = list(dict.items(value))[:MAX_ITEMS]
        for key, item in pairs:
            out[_key(_plain(key, depth + 1, budget))] = _plain(item, depth + 1, budget)
        # Two keys that are one as plain data (a str subclass with its own __hash__ beside the str):
        # merged, a key added that way would not show as a change.
        return out if len(out) == len(pairs) else Foreign("dict with keys that are equal as plain data", value)
    if issubclass(kind, (list, tuple)):
        base = list if issubclass(kind, list) else tuple
        copied = [_plain(item, depth + 1, budget) for item in list(base.__iter__(value))[:MAX_ITEMS]]
        return copied if base is list else tuple(copied)
    if kind is collections.ChainMap:  # read as its lookups see it: the first map holding a key gives its value
        maps = [_plain(mapping, depth + 1, budget) for mapping in list(vars(value).get("maps", ()))[:MAX_ITEMS]]
        if not all(type(mapping) is dict for mapping in maps):
            return Foreign(kind.__name__, value)
        merged: dict = {}
        for mapping in reversed(maps):
            merged.update(mapping)
        return merged
    if kind is types.MappingProxyType:  # a read-only view of a dict: read the dict itself, no code runs
        inner = gc.get_referents(value)
        if len(inner) == 1 and isinstance(inner[0], dict):
            return _plain(inner[0], depth, budget)
        return Foreign(kind.__name__, value)
    if issubclass(kind, (set, frozenset)):
        base = set if issubclass(kind, set) else frozenset
        members = [_key(_plain(item, depth + 1, budget)) for item in list(base.__iter__(value))[:MAX_ITEMS]]
        if len(set(members)) != len(members):
            return Foreign(f"{base.__name__} with members that are equal as plain data", value)
        return set(members) if base is set else frozenset(members)
    if kind is _C_DECIMAL:  # the C type is immutable: its repr is the interpreter's, never the submission's code
        return Foreign(kind.__name__, value, _C_DECIMAL.__repr__(value))
    return Foreign(kind.__name__, value)


def _key(value: object) -> object:
    """Make a plain value usable as a dict key or set member: lists (and tuples holding them) become
    tuples, a dict the frozenset of its pairs, a set a frozenset, a bytearray bytes.

    Such a value comes from a hashable subclass of a builtin container (its own ``__hash__``), whose
    plain copy is the unhashable base type. Nothing is sorted or turned into text: the keys of a dict
    need not be comparable with each other, and an int too long for ``repr`` is a fine key."""
    if isinstance(value, (list, tuple)):
        return tuple(_key(item) for item in value)
    if isinstance(value, dict):
        return frozenset((key, _key(item)) for key, item in value.items())
    if isinstance(value, set):
        return frozenset(value)
    if isinstance(value, bytearray):
        return bytes(value)
    return value


# What key_with_own_eq() answers when the values are too many to look through.
TOO_LARGE = "too large a value"


def key_with_own_eq(roots: list, budget: int = MAX_NODES) -> str | None:
    """The class name of the first dict key or set member, in or under ``roots``, whose ``==`` is not a builtin
    type's own (a class with a Python ``__eq__``, also inside a tuple or frozenset key); ``None`` when there is none.

    A dict or set compares a key it holds with every key looked up under the same hash: any lookup or write
    the battery makes in such a container (``d['status'] = 'open'`` in the caller's own input, ``dict.get(result,
    'arguments')``) would run that ``__eq__``, code of the submission, inside a check, after its call returned,
    where it could put back what the check just changed. Containers are read as :func:`plain` reads them (no code
    runs); a walk that runs out of ``budget`` values answers :data:`TOO_LARGE`, so nothing hides past it.
    """
    stack, seen = list(roots), set()
    while stack:
        value = stack.pop()
        kind = type(value)
        if value is None or kind in (bool, int, float, str) or id(value) in seen:
            continue
        seen.add(id(value))
        budget -= 1
        if budget < 0:
            return TOO_LARGE
        keys: list = []
        if issubclass(kind, dict):
            pairs = list(dict.items(value))
            keys = [key for key, _ in pairs]
            stack += [item for _, item in pairs]
        elif issubclass(kind, (set, frozenset)):
            keys = list((set if issubclass(kind, set) else frozenset).__iter__(value))
        elif issubclass(kind, (list, tuple)):
            stack += list((list if issubclass(kind, list) else tuple).__iter__(value))
        else:
            stack += read_through_views(value)
        for key in keys:
            found = _own_eq(key, MAX_DEPTH)
            if found:
                return found
    return None


def read_through_views(value: object) -> list:
    """The mappings a ``collections.ChainMap`` (exactly that class: its ``maps``) or a ``types.MappingProxyType`` (its
    dict) reads its items from, found without running code; ``[]`` for any other value. A host's ``view[k]`` runs
    the ``__getitem__`` of what is under it, which :func:`plain` reads through the base types."""
    if type(value) is collections.ChainMap:
        return list(vars(value).get("maps", ()))
    if type(value) is types.MappingProxyType:
        return [inner for inner in gc.get_referents(value) if isinstance(inner, dict)]
    return []


def _own_eq(key: object, depth: int) -> str | None:
    """The class name of ``key`` (or of a member of a tuple or frozenset key) when its ``__eq__`` is Python code."""
    kind = type(key)
    if kind in (str, int, bool, float, bytes, type(None)):
        return None
    if compares_by_code(kind):
        return str.__str__(type.__getattribute__(kind, "__name__"))[:60]
    if depth > 0 and issubclass(kind, (tuple, frozenset)):
        for member in list((tuple if issubclass(kind, tuple) else frozenset).__iter__(key)):
            inner = _own_eq(member, depth - 1)
            if inner:
                return inner
    return None


def compares_by_code(kind: type) -> bool:
    """Whether ``==`` on an instance of ``kind`` runs Python code (the ``__eq__`` its MRO finds first is not a
    builtin type's own slot), read off the classes' own namespaces (no code runs)."""
    for cls in type.__getattribute__(kind, "__mro__"):
        attributes = type.__getattribute__(cls, "__dict__")
        if "__eq__" in attributes:
            return type(attributes["__eq__"]) is not types.WrapperDescriptorType
    return False


def keyable_with_own_eq(kind: type) -> bool:
    """Whether an instance of ``kind`` can be a dict key or set member whose ``==`` runs Python code: ``kind``
    compares by code (:func:`compares_by_code`) and is hashable (the ``__hash__`` its MRO finds first is not
    None; Python sets it to None in a class that defines ``__eq__`` without ``__hash__``). Read off the classes'
    own namespaces (no code runs)."""
    if not compares_by_code(kind):
        return False
    for cls in type.__getattribute__(kind, "__mro__"):
        attributes = type.__getattribute__(cls, "__dict__")
        if "__hash__" in attributes:
            return attributes["__hash__"] is not None
    return False


def same(left: object, right: object) -> bool:
    """True when two plain values are equal with exact types at every level.

    ``1 == True`` and ``1 == 1.0`` are equal in Python; here they are not, because
    CONTRACT.md R4 makes ``replayed`` a real bool and versions real ints.
    """
    if type(left) is not type(right):
        return False
    if isinstance(left, dict):
        return _typed(left) == _typed(right) and all(same(left[k], right[k]) for k in left)
    if isinstance(left, (set, frozenset)):
        return _typed(left) == _typed(right)
    if isinstance(left, (list, tuple)):
        return len(left) == len(right) and all(same(a, b) for a, b in zip(left, right))
    if isinstance(left, Foreign):
        return left.origin is not None and left.origin is right.origin
    return left == right


def _typed(members: object) -> set:
    """Keys or members paired with their exact type, so that ``1`` and ``True`` differ."""
    return {(type(member), member) for member in members}


class _Shower(reprlib.Repr):
    """reprlib's short rendering, also for an int too long for Python to turn into text (over 4,300 digits), and
    with a dict's keys in their own order (reprlib sorts them), so a returned dict reads in the order the code
    built it, as Python prints it, beside an expected one written in the lesson's order."""

    def repr_dict(self, value: dict, level: int) -> str:
        if not value or level <= 0:
            return super().repr_dict(value, level)
        pieces = [f"{self.repr1(key, level - 1)}: {self.repr1(value[key], level - 1)}"
                  for key in itertools.islice(value, self.maxdict)]
        return "{" + ", ".join(pieces + ([self.fillvalue] if len(value) > self.maxdict else [])) + "}"

    def repr_int(self, value: int, level: int) -> str:
        try:
            return super().repr_int(value, level)
        except ValueError:  # sys.get_int_max_str_digits(): tell its size instead
            return f"<int of {_digits(value)} digits{', negative' if value < 0 else ''}>"


def _digits(value: int) -> str:
    """The number of decimal digits of ``value`` as text, found without converting it to text."""
    size = abs(value)
    if size.bit_length() > MAX_DIGITS * 4:
        return f"more than {MAX_DIGITS:,}"
    digits = int(math.log10(size)) + 1
    if size < 10 ** (digits - 1):  # log10 rounds up just below a power of ten
        digits -= 1
    elif size >= 10 ** digits:
        digits += 1
    return str(digits)


# Above this many digits an int's exact length is not worth the arithmetic.
MAX_DIGITS = 100_000

_SHOW = _Shower()
_SHOW.maxstring = 70
_SHOW.maxother = 70
_SHOW.maxdict = 8
_SHOW.maxlist = 8
_SHOW.maxset = 8
_SHOW.maxlevel = 4
_SHOW.maxlong = 40


def text_of(value: object, limit: int) -> str:
    """``str(value)`` as a plain str of at most ``limit`` characters; ``"?"`` when its ``__str__`` raises.

    ``value`` may be a submission's object (an exception): its ``__str__`` may return a str
    subclass whose own ``__getitem__`` or ``__len__`` would defeat the cut, so the text is
    copied into a plain str (``str.__str__``) before it is cut; a cut text ends in ``…``.
    """
    try:
        text = str.__str__(str(value))
    except Exception:
        return "?"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def error_text(error: BaseException, limit: int) -> str:
    """What a student reads for ``error``: ``Name: message`` (``Name`` alone without a message).

    The grader's own classes are never named: ``exit()`` and ``raise SystemExit`` raise the
    sandbox's stand-in, shown as ``SystemExit``; ``input()`` raises an ``EOFError`` of its own,
    shown as ``EOFError`` (as Python raises when no keyboard is attached), its message saying why.
    """
    from grader.sandbox.refusals import ExitCalled, InputCalled  # the sandbox imports this module
    message = text_of(error, limit)
    stand_in = {ExitCalled: "SystemExit", InputCalled: "EOFError"}.get(type(error))
    kind = stand_in or type(error).__name__[:60]
    return f"{kind}: {message}" if message else kind


def show(value: object) -> str:
    """A short, readable rendering of a plain value (at most a few hundred characters)."""
    return _SHOW.repr(value)


def scrub(value: object) -> object:
    """``value`` (JSON data) with every lone surrogate in its strings written as an escape (``\\ud800``).

    Student text (printed output, exception messages) and file names read with
    ``surrogateescape`` may hold lone surrogates, which cannot be written as UTF-8; every
    other character stays as it is.
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
        return value
    if isinstance(value, dict):
        return {scrub(key): scrub(item) for key, item in value.items()}
    if isinstance(value, list):
        return [scrub(item) for item in value]
    return value


def a_or_an(word: str) -> str:
    """``word`` with the English indefinite article its first letter asks for: ``an AttributeError``, ``a str``."""
    return f"{'an' if word[:1].lower() in 'aeiou' and word[:1] else 'a'} {word}"
