"""``enum.Flag`` and ``enum.IntFlag`` for a submission, on the grader's enum classes (grader/sandbox/enums.py).

A flag class's members are bits (``auto()`` gives 1, 2, 4...); ``|``, ``&``, ``^`` and ``~`` of members give a member
of the class, a combination made when first asked for and kept (``Perm.R | Perm.W is Perm(3)``, named ``R|W``), as
Python 3.11 does; ``in`` tests bits, ``bool`` is False for no bits, and a combination iterates over (and counts)
its single-bit members. A Flag refuses a value with bits no member has (ValueError, Python's STRICT); an IntFlag
keeps them (KEEP) and its members are ints. The class iterates over its single-bit members only.
"""

from __future__ import annotations

from typing import Any

from grader.sandbox.enums import Enum, EnumKind


def _bits(cls: EnumKind) -> list:
    """The members of ``cls`` that are one bit, in definition order (no aliases)."""
    return [member for name, member in type.__getattribute__(cls, "_members_").items()
            if member._name_ == name and type(member._value_) is int and member._value_ > 0
            and member._value_ & (member._value_ - 1) == 0]


def flag_member(cls: EnumKind, value: Any) -> Any:
    """``cls(value)`` for a value no member of the flag class ``cls`` has: the combination of its bits."""
    if type(value) is not int and not (isinstance(value, int) and not isinstance(value, bool)):
        raise ValueError(f"{repr(value)[:100]} is not a valid {cls.__name__}")
    value = int(value)
    known = 0
    for member in _bits(cls):
        known |= member._value_
    if value < 0 or (value & ~known and not issubclass(cls, int)):
        raise ValueError(f"{value!r} is not a valid {cls.__name__}")
    made = type.__getattribute__(cls, "_combined_")
    if value not in made:
        member = int.__new__(cls, value) if issubclass(cls, int) else object.__new__(cls)
        names = [bit._name_ for bit in _bits(cls) if bit._value_ & value]
        extra = value & ~known
        object.__setattr__(member, "_name_", "|".join(names + ([str(extra)] if extra else [])) if names else None)
        object.__setattr__(member, "_value_", value)
        made[value] = member
    return made[value]


class Flag(Enum):
    """The base of a submission's flag classes (``from enum import Flag``)."""

    _combined_: dict = {}  # a class's combinations by value (each flag class gets its own, enums.make_enum)

    def _other(self, other: Any) -> Any:
        if isinstance(other, type(self)):
            return other._value_
        if isinstance(self, int) and isinstance(other, int) and not isinstance(other, bool):
            return int(other)
        return None

    def __or__(self, other: Any) -> Any:
        bits = self._other(other)
        return NotImplemented if bits is None else type(self)(self._value_ | bits)

    def __and__(self, other: Any) -> Any:
        bits = self._other(other)
        return NotImplemented if bits is None else type(self)(self._value_ & bits)

    def __xor__(self, other: Any) -> Any:
        bits = self._other(other)
        return NotImplemented if bits is None else type(self)(self._value_ ^ bits)

    __ror__, __rand__, __rxor__ = __or__, __and__, __xor__

    def __invert__(self) -> Any:
        known = 0
        for member in _bits(type(self)):
            known |= member._value_
        return type(self)(known & ~self._value_)

    def __contains__(self, other: Any) -> bool:
        if not isinstance(other, type(self)):
            raise TypeError(f"unsupported operand type(s) for 'in': {type(other).__name__!r} and "
                            f"{type(self).__name__!r}")
        return other._value_ & self._value_ == other._value_

    def __bool__(self) -> bool:
        return bool(self._value_)

    def __iter__(self) -> Any:
        return iter([member for member in _bits(type(self)) if member._value_ & self._value_])

    def __len__(self) -> int:
        return bin(self._value_).count("1")

    def __repr__(self) -> str:
        name = f".{self._name_}" if self._name_ is not None else ""
        return f"<{type(self).__name__}{name}: {self._value_!r}>"

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self._name_}" if self._name_ is not None else f"{type(self).__name__}(0)"


class IntFlag(int, Flag):
    """``enum.IntFlag``: a Flag whose members are ints; ``str()`` and ``format()`` give the value's."""

    __str__ = int.__repr__
    __repr__ = Flag.__repr__
    __hash__ = int.__hash__
    # Before int's in the MRO: a combination is a member of the class, not a plain int.
    __or__, __and__, __xor__, __invert__ = Flag.__or__, Flag.__and__, Flag.__xor__, Flag.__invert__
    __ror__, __rand__, __rxor__ = Flag.__ror__, Flag.__rand__, Flag.__rxor__

    def __format__(self, spec: str) -> str:
        return int.__format__(self, spec)
