"""``enum.verify`` and its checks ``UNIQUE``, ``CONTINUOUS`` and ``NAMED_FLAGS`` for the grader's own enum classes
(grader/sandbox/enums.py), with Python 3.11's messages. Python's ``verify`` lists every missing value before it cuts
its message to 256 characters (``CONTINUOUS`` of members 0 and 10**9 fills the memory); here the list stops once the
message is that long."""

from __future__ import annotations

from typing import Any, Iterable

from grader.sandbox.enums import EnumKind, _is_flag

_MESSAGE_LIMIT = 256  # Python's cut of a CONTINUOUS message


class EnumCheck(str):
    """One check of ``enum.verify``: a str as Python's (a StrEnum member), shown as Python shows it."""

    __slots__ = ()
    __module__ = "enum"

    @property
    def name(self) -> str:
        return _CHECK_NAMES[str.__str__(self)]

    @property
    def value(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"<EnumCheck.{self.name}: {str.__repr__(self)}>"

    def __str__(self) -> str:
        return str.__str__(self)


_CHECK_NAMES = {"no skipped integer values": "CONTINUOUS", "multi-flag aliases may not contain unnamed flags":
                "NAMED_FLAGS", "one name per value": "UNIQUE"}
CONTINUOUS, NAMED_FLAGS, UNIQUE = map(EnumCheck, _CHECK_NAMES)


class verify:  # noqa: N801 (Python's name)
    """``@enum.verify(*checks)``: the enum class as it is, or ValueError naming what a check found (Python 3.11's
    texts); TypeError for a class that is no enum."""

    __slots__ = ("checks",)
    __module__ = "enum"

    def __init__(self, *checks: Any) -> None:
        self.checks = checks

    def __call__(self, enumeration: Any) -> Any:
        if not isinstance(enumeration, EnumKind):
            raise TypeError("the 'verify' decorator only works with Enum and Flag")
        members = type.__getattribute__(enumeration, "_members_")  # by name, aliases included
        canonical = list(EnumKind.__iter__(enumeration))  # as the class iterates (a flag's single bits)
        name = type.__dict__["__name__"].__get__(enumeration)
        for check in self.checks:
            if check is UNIQUE:
                aliases = [f"{alias} -> {member._name_}" for alias, member in members.items() if member._name_ != alias]
                if aliases:
                    raise ValueError(f"aliases found in {enumeration!r}: {', '.join(aliases)}")
            elif check is CONTINUOUS:
                _continuous(name, _is_flag(enumeration), {member._value_ for member in canonical})
            elif check is NAMED_FLAGS:
                _named_flags(name, members, canonical)
        return enumeration


def _continuous(name: str, flag: bool, values: set) -> None:
    """ValueError when an int between the lowest and highest value (a power of two for a flag) is no member's."""
    if len(values) < 2:
        return
    low, high = min(values), max(values)
    between: Iterable = (2 ** bit for bit in range(low.bit_length(), high.bit_length() - 1)) if flag \
        else range(low + 1, high)
    text = f"invalid {'flag' if flag else 'enum'} {name!r}: missing values "
    missing = False
    for value in between:
        if value not in values:
            text += f"{', ' if missing else ''}{value}"
            missing = True
            if len(text) >= _MESSAGE_LIMIT:
                break
    if missing:
        raise ValueError(text[:_MESSAGE_LIMIT])


def _named_flags(name: str, members: dict, canonical: list) -> None:
    """ValueError when an alias (a combination of bits) holds a bit no canonical member has."""
    names = [member._name_ for member in canonical]
    values = [member._value_ for member in canonical]
    missing_names, missing_value = [], 0
    for alias, member in members.items():
        if alias in names or member._value_ < 0:
            continue
        number, missed = member._value_, 0
        while number:
            bit = number & (~number + 1)
            missed |= bit if bit not in values else 0
            number ^= bit
        if missed:
            missing_names.append(alias)
            missing_value |= missed
    if missing_names:
        which = (f"alias {missing_names[0]} is missing" if len(missing_names) == 1 else
                 f"aliases {', '.join(missing_names[:-1])} and {missing_names[-1]} are missing")
        value = (f"value 0x{missing_value:x}" if missing_value & (missing_value - 1) == 0 else
                 f"combined values of 0x{missing_value:x}")
        raise ValueError(f"invalid Flag {name!r}: {which} {value} [use enum.show_flag_values(value) for details]")
