"""``enum`` for a submission: the grader's own small implementation of Enum, IntEnum, StrEnum and auto.

Python's ``EnumType`` runs a great deal of machinery while a class is made (``_missing_``,
``_generate_next_value_``, ``__set_name__`` of descriptors, ``_member_map_`` and friends, a class
namespace of its own that sees every name the body binds) and hands the real metaclass to anyone who
asks ``type(Status)``. Here an enum class is made by the guards' own metaclass path: the members are
the body's public plain values (functions, nested classes and other descriptors, an ``lru_cache``'d
method or a ``cached_property``, stay methods and attributes), each an instance of the class with
read-only ``name`` and ``value``; the class iterates over its members, looks them up by value
(``Status('open')``, ValueError when none has it) and by name (``Status['OPEN']``), answers ``in``
for members and values, and refuses to reassign a member. A ``(str, Enum)``, ``StrEnum`` or
``IntEnum`` member is a str or int and compares, hashes and encodes (json) as its value. No hook of
the submission runs but its own ``__init__`` for each member, its own comparison methods, its own
``_generate_next_value_`` (for an ``auto()`` member, with plain values) and its own ``_missing_`` (for a value no
member has, in main.py's own ``Status(value)``);
``type(Status)`` is the ``type`` stand-in, as for any metaclass.
"""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any

from grader.sandbox.classes import check_fields, student_function
from grader.sandbox import enum_markers
from grader.sandbox.names import forbidden_attribute

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards

# Class-body values that are methods or attributes, not members: classes, and descriptors (functions, properties,
# an lru_cache'd or cached_property method), as Python's enum treats any object whose class has ``__get__``.
_NOT_MEMBERS = (types.FunctionType, property, classmethod, staticmethod, type)


def _is_member_value(item: Any) -> bool:
    """Whether a public class-body value is a member: neither a class nor a descriptor. The MRO and namespaces
    are read as type itself keeps them (no metaclass or class of main.py answers)."""
    if isinstance(item, _NOT_MEMBERS):
        return False
    return not any("__get__" in type.__dict__["__dict__"].__get__(klass)
                   for klass in type.__dict__["__mro__"].__get__(type(item)))


class EnumKind(type):
    """The metaclass of the grader's enum classes. Members live in ``_members_`` (a name no submission may
    read or write: it starts and ends with ``_``), by name, in definition order, aliases included."""

    _members_: dict[str, Any] = {}

    def __call__(cls, value: Any, names: Any = None, *, module: Any = None, qualname: Any = None,
                 start: int = 1) -> Any:
        members = type.__getattribute__(cls, "_members_")
        if names is not None and not members:  # Enum('Status', 'OPEN DONE'): the functional form makes a class
            return _functional(cls, value, names, start)
        if not members:
            raise TypeError(f"{cls.__name__}() cannot be called: it has no members")
        for member in members.values():
            if member is value:
                return member
        for member in members.values():
            if member._value_ == value:
                return member
        if _is_flag(cls):  # Perm(3): a combination of a flag class's bits (grader/sandbox/flags.py)
            from grader.sandbox.flags import flag_member
            return flag_member(cls, value)
        return _missing(cls, value, members)

    def __iter__(cls) -> Any:
        members = type.__getattribute__(cls, "_members_")
        flag = _is_flag(cls)  # a flag class: its single-bit members only, as Python 3.11's
        return iter([member for name, member in members.items() if member._name_ == name and
                     (not flag or type(member._value_) is int and bin(member._value_).count("1") == 1)])

    def __reversed__(cls) -> Any:
        return reversed(list(EnumKind.__iter__(cls)))  # not cls.__iter__: the members' own method, if defined

    def __len__(cls) -> int:
        return len(list(EnumKind.__iter__(cls)))

    def __contains__(cls, item: Any) -> bool:
        """A member, or (as Python 3.12 answers it) the value of a member."""
        members = list(type.__getattribute__(cls, "_members_").values())
        return any(member is item for member in members) or any(member._value_ == item for member in members)

    def __getitem__(cls, name: Any) -> Any:
        members = type.__getattribute__(cls, "_members_")
        if type(name) is not str or name not in members:
            raise KeyError(name)
        return members[name]

    def __bool__(cls) -> bool:
        return True

    def __setattr__(cls, name: str, value: Any) -> None:
        if name in type.__getattribute__(cls, "_members_"):
            raise AttributeError(f"cannot reassign member {name!r}")
        type.__setattr__(cls, name, value)

    def __delattr__(cls, name: str) -> None:
        if name in type.__getattribute__(cls, "_members_"):
            raise AttributeError(f"cannot delete member {name!r}")
        type.__delattr__(cls, name)

    def __repr__(cls) -> str:
        return f"<enum {cls.__name__!r}>"


def _is_flag(cls: EnumKind) -> bool:
    """Whether ``cls`` is a flag class (grader/sandbox/flags.py): one with a table of combinations."""
    return "_combined_" in type.__dict__["__dict__"].__get__(cls)


def _missing(cls: EnumKind, value: Any, members: dict) -> Any:
    """What ``cls(value)`` gives when no member has ``value``: as Python's enum, the member main.py's own ``_missing_``
    classmethod returns, else ValueError (TypeError for anything but a member or None); what it raises goes through."""
    try:
        hook = type.__getattribute__(cls, "_missing_")
    except AttributeError:
        hook = None
    found = None if hook is None else hook(value)
    if found is None:
        raise ValueError(f"{repr(value)[:100]} is not a valid {cls.__name__}")
    if not any(member is found for member in members.values()):
        raise TypeError(f"error in {cls.__name__}._missing_: it returned neither None nor a member")
    return found


def member_table(cls: EnumKind, name: str) -> Any:
    """A new copy of one of an enum class's tables: ``__members__`` (read-only), ``_member_map_`` (by name, aliases
    too), ``_member_names_`` (no aliases) or ``_value2member_map_`` (by value; an unhashable value is left out)."""
    members = type.__getattribute__(cls, "_members_")
    if name == "__members__":
        return types.MappingProxyType(dict(members))
    if name == "_member_map_":
        return dict(members)
    canonical = [member for key, member in members.items() if member._name_ == key]
    if name == "_member_names_":
        return [member._name_ for member in canonical]
    table = {}
    for member in canonical:
        try:
            table[member._value_] = member
        except TypeError:
            pass
    return table


class Enum(metaclass=EnumKind):
    """The base of every enum class of a submission (``from enum import Enum``)."""

    name = property(lambda self: self._name_, doc="The member's name.")
    value = property(lambda self: self._value_, doc="The member's value.")

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self._name_}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __hash__(self) -> int:
        return hash(self._name_)

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError("enum members are copied as they are in the grader")


class IntEnum(int, Enum):
    """``enum.IntEnum``: members are ints; ``str()`` and ``format()`` give the value's."""

    __str__ = int.__repr__
    __repr__ = Enum.__repr__

    def __format__(self, spec: str) -> str:
        return int.__format__(self, spec)


class StrEnum(str, Enum):
    """``enum.StrEnum``: members are strs; ``str()`` and ``format()`` give the value."""

    __str__ = str.__str__
    __repr__ = Enum.__repr__

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)


class auto:  # noqa: N801 (Python's name)
    """``enum.auto()``: the next int (1, 2...; in a (str, Enum) its str), or for a StrEnum the member's name in lower
    case."""

    __slots__ = ()


def unique(cls: Any) -> Any:
    """``@enum.unique``: ValueError when two names of ``cls`` share a value (one is an alias)."""
    if not isinstance(cls, EnumKind) or cls in _BASES:
        raise TypeError("@unique can only be used on an enum class main.py defines")
    aliases = [name for name, member in type.__getattribute__(cls, "_members_").items() if member._name_ != name]
    if aliases:
        raise ValueError(f"duplicate values found in {cls!r}: {', '.join(aliases)}")
    return cls


_BASES: tuple = (Enum, IntEnum, StrEnum)  # and Flag, IntFlag (flags.py, added by enum_view_namespace)
# Data types an enum may mix in besides the submission's own plain classes.
_MIXINS = (str, int)


def is_enum_class(cls: object) -> bool:
    return isinstance(cls, EnumKind)


def make_enum(guards: "Guards", name: str, bases: tuple, namespace: dict) -> type:
    """``class name(*bases)`` with an enum among ``bases``: the class, registered as the submission's own, with
    its members made from the plain values of ``namespace``."""
    own = guards.own_classes.__contains__
    enums = [base for base in bases if isinstance(base, EnumKind)]
    others = [base for base in bases if not isinstance(base, EnumKind)]
    if len(enums) != 1:
        raise TypeError(f"class {name}: one enum base only in the grader")
    base = enums[0]
    if base not in _BASES and not own(base):
        raise TypeError(f"class {name}: base {base.__name__} is not supported in the grader")
    if type.__getattribute__(base, "_members_"):
        raise TypeError(f"class {name}: cannot extend enum {base.__name__!r}: it has members")
    mixins = [other for other in others if other in _MIXINS]
    for other in others:
        if other not in _MIXINS and not (type(other) is type and own(other)):
            raise TypeError(f"class {name}: base {getattr(other, '__name__', other)!r} of an enum is not "
                            "supported in the grader (str, int and main.py's own classes are)")
    data = next((klass for klass in (str, int) if issubclass(base, klass)), mixins[0] if mixins else None)
    if len(set(mixins)) > 1 or (mixins and data is not mixins[0]):
        raise TypeError(f"class {name}: an enum mixes in one data type only")
    values, body = {}, {}
    ignored = enum_markers.ignored_names(namespace["_ignore_"]) if "_ignore_" in namespace else ()
    for key, item in namespace.items():
        dunder = type(key) is not str or key.startswith("__") and key.endswith("__")
        if key in ignored:
            continue
        if isinstance(item, (enum_markers.member, enum_markers.nonmember)) and not dunder:  # their value, as marked
            (values if isinstance(item, enum_markers.member) else body)[key] = item.value
        elif not dunder and _is_member_value(item):
            values[key] = item
        else:
            body[key] = item  # comparison methods and __exit__ as the guards' class_namespace made them
    if data is not None and "__hash__" not in body and "__eq__" not in body:
        body["__hash__"] = data.__hash__  # a str or int member is found in a dict by its value
    if data is not None and base is Enum and "__str__" not in body:
        for special in ("__str__", "__format__", "__repr__"):  # Python's (str, Enum) shows S.OPEN, not 'open'
            body.setdefault(special, vars(Enum)[special])
    real_bases = tuple(others) + (base,) if data is None or issubclass(base, data) else \
        tuple(other for other in others if other is not data) + (data, base)
    body["_members_"] = {}
    flag = any(_is_flag(klass) for klass in type.__dict__["__mro__"].__get__(base))  # a Flag, IntFlag or own one
    if flag:
        body["_combined_"] = {}
    cls = check_fields(EnumKind(name, real_bases, body), own)
    guards.own_classes.add(cls)
    members: dict[str, Any] = {}
    last = 0
    owner = next(klass for klass in cls.__mro__ if "__init__" in vars(klass))
    init = vars(owner)["__init__"] if own(owner) else None  # main.py's own __init__, called for each member
    hook = _next_value_hook(cls, own)
    for key, item in values.items():
        if isinstance(item, auto):  # the functional form's (a class body's were given their values: EnumBody)
            item = auto_value(key, [member._value_ for member in members.values()], last, hook, flag,
                              issubclass(base, StrEnum))
        if data is str and type(item) is int:  # Python's str(1): a (str, Enum) member 1 or auto() is '1'
            last, item = item, str(item)
        if data is not None and type(item) is not data:
            if not isinstance(item, data):
                raise TypeError(f"class {name}: member {key} needs a {data.__name__} value in the grader")
            item = str.__str__(item) if data is str else int.__index__(item)
        if type(item) is int:
            last = item
        alias = next((member for member in members.values() if member._value_ == item), None)
        if alias is not None:
            members[key] = alias
            continue
        member = data.__new__(cls, item) if data is not None else object.__new__(cls)
        object.__setattr__(member, "_name_", key)
        object.__setattr__(member, "_value_", item)
        if init is not None:
            init(member, *(item if type(item) is tuple else (item,)))
        members[key] = member
    type.__setattr__(cls, "_members_", members)
    for key, member in members.items():
        type.__setattr__(cls, key, member)
    return cls


def auto_value(key: str, values: list, last: int, hook: Any, flag: bool, str_enum: bool) -> Any:
    """The value of member ``key = auto()`` after the members' ``values`` (``last``: the int a plain enum counts on
    from, 0 when there is none): what main.py's own ``hook`` gives, a flag's next bit, a StrEnum's name in lower
    case, or ``last + 1``."""
    if hook is not None:  # Python's arguments: name, start, count, last values
        return hook(key, 1, len(values), list(values))
    if flag:  # the next bit: 1, 2, 4... above the highest so far
        return 1 << max([0] + [value.bit_length() for value in values if type(value) is int])
    return key.lower() if str_enum else last + 1


def own_hook(namespace: Any, class_name: str) -> Any:
    """The ``_generate_next_value_`` in ``namespace`` (a class's or a class body's; main.py's own), None when there
    is none; anything but main.py's own function (a decorator's callable, a classmethod) is refused."""
    if "_generate_next_value_" not in namespace:
        return None
    hook = namespace["_generate_next_value_"]
    hook = hook.__func__ if type(hook) is staticmethod else hook
    if not student_function(hook):
        raise TypeError(f"class {class_name}: _generate_next_value_ must be a plain def (or a staticmethod) "
                        "in the grader")
    return hook


def _next_value_hook(cls: EnumKind, own: Any) -> Any:
    """The ``_generate_next_value_`` of ``cls`` or of an enum base main.py wrote (a def of main.py, also as a
    ``staticmethod``), which gives an ``auto()`` member its value; None when there is none. Called with plain values
    only."""
    for klass in type.__dict__["__mro__"].__get__(cls):
        hook = own_hook(type.__dict__["__dict__"].__get__(klass), cls.__name__) if own(klass) else None
        if hook is not None:
            return hook
    return None


# The guards of the submission whose enum view was made last: in a grading child, the only one.
_GUARDS: list = [None]


def use_guards(guards: "Guards") -> None:
    """Make the functional form (``Enum('Status', 'OPEN DONE')``) build its classes with ``guards``."""
    _GUARDS[0] = guards


def _functional(base: Any, name: Any, names: Any, start: int) -> type:
    """``base(name, names)``: a class statement's enum made of ``names`` (a str of names split at spaces or commas, a
    sequence of names or of (name, value) pairs, or a mapping), values counted from ``start`` as Python does."""
    guards = _GUARDS[0]
    if guards is None or type(name) is not str or type(start) is not int:
        raise TypeError("Enum(name, names) needs a str name in the grader")
    if forbidden_attribute(name) or not 0 < len(name) <= 100:
        raise ValueError(f"{name[:60]!r} cannot be the name of an enum in the grader")
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    pairs = list(names.items()) if isinstance(names, dict) else [
        item if isinstance(item, tuple) else (item, auto() if start == 1 else start + index)
        for index, item in enumerate(names)]
    if any(type(item) is not tuple or len(item) != 2 or type(item[0]) is not str or item[0].startswith("_")
           for item in pairs):
        raise ValueError("Enum(name, names): member names are strs that do not start with _")
    module = guards.main_module.__name__ if guards.main_module is not None else "main"
    return guards.metaclass(name, (base,), {"__module__": module, "__qualname__": name, **dict(pairs)})


def enum_view_namespace() -> dict:
    """The names ``import enum`` offers."""
    global _BASES
    from grader.sandbox.enum_checks import CONTINUOUS, NAMED_FLAGS, UNIQUE, EnumCheck, verify  # they read this module
    from grader.sandbox.flags import Flag, IntFlag  # here: flags builds on this module's Enum
    _BASES = (Enum, IntEnum, StrEnum, Flag, IntFlag)
    return {"Enum": Enum, "IntEnum": IntEnum, "StrEnum": StrEnum, "Flag": Flag, "IntFlag": IntFlag, "auto": auto,
            "unique": staticmethod(unique), "member": enum_markers.member,
            "nonmember": enum_markers.nonmember, "verify": verify, "EnumCheck": EnumCheck, "UNIQUE": UNIQUE,
            "CONTINUOUS": CONTINUOUS, "NAMED_FLAGS": NAMED_FLAGS}
