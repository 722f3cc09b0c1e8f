"""``zoneinfo`` in the grader: ``ZoneInfo(key)`` of an IANA key (``'Europe/Amsterdam'``, ``'UTC'``), with the rules
of the ``tzdata`` package (a dependency of the grader, so every machine grades with the same rules), never the
machine's time-zone files.

A key is first checked as Python checks it (``ValueError`` for an absolute path, ``..`` or a name that is not
normalized), then looked up in tzdata's list of keys: only a key of that list names a file, which the grader opens in
tzdata's folder (``ZoneInfoNotFoundError`` for any other key). :class:`ZoneInfo` answers as Python's does
(``key``, ``str``, ``repr``, ``utcoffset``, ``dst``, ``tzname``, ``fromutc``; one object per key in a load, so
``ZoneInfo(k) is ZoneInfo(k)``); Python's zone stays in an underscore attribute, which main.py cannot read, and the
class methods of Python's that read a file main.py names or change the process's cache (``from_file``,
``clear_cache``) are refused. ``no_cache(key)`` makes a new object of the same rules.
"""

from __future__ import annotations

import datetime
import importlib.resources
import zoneinfo
from typing import Any

from zoneinfo import _tzpath  # Python's own check of a key's text (its messages too)


def _keys() -> tuple[frozenset[str], Any]:
    """The keys tzdata offers (its ``zones`` list) and the folder of their files, found (and imported) here, before
    any load of main.py, so no load is slower than another; no keys when tzdata is not installed."""
    try:
        return (frozenset(importlib.resources.files("tzdata").joinpath("zones").read_text("utf-8").split()),
                importlib.resources.files("tzdata.zoneinfo"))
    except (ModuleNotFoundError, OSError):
        return frozenset(), None


KEYS, _FOLDER = _keys()
_loaded: list[dict[str, "ZoneInfo"]] = [{}]  # the zones made in the load of main.py that runs now, by key
MODULE = "zoneinfo"  # the module the classes below show (``repr(type(zone))``), as Python's
_FIELDS = ("year", "month", "day", "hour", "minute", "second", "microsecond", "fold")


class ZoneInfoNotFoundError(zoneinfo.ZoneInfoNotFoundError):
    """What ``zoneinfo.ZoneInfo(key)`` raises for a key tzdata does not have: its text as it is (a KeyError's would
    show its repr)."""

    __module__ = MODULE

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _read(key: Any) -> zoneinfo.ZoneInfo:
    """Python's zone of ``key`` (a str), read from tzdata's file of that key; errors as :class:`ZoneInfo`'s."""
    if not isinstance(key, str):
        raise TypeError(f"expected str, bytes or os.PathLike object, not {type(key).__name__}")
    key = str.__str__(key)
    _tzpath._validate_tzfile_path(key)  # ValueError as Python's for '../x', '/etc/localtime', 'a//b'
    if key not in KEYS:
        raise ZoneInfoNotFoundError(f"No time zone found with key {key[:100]}")
    with _FOLDER.joinpath(*key.split("/")).open("rb") as file:
        return zoneinfo.ZoneInfo.from_file(file, key=key)


def _refuse(name: str) -> None:
    raise TypeError(f"zoneinfo.ZoneInfo.{name} is not available in the grader: only a part of module zoneinfo is "
                    "offered")


def _moment(dt: Any) -> Any:
    """What Python's zone is handed of ``dt``, a datetime or None: an exact datetime of its fields, no zone (Python's
    would read the fields of any other object, and call a subclass's own ``toordinal`` and ``hour`` with itself);
    ``AttributeError`` as Python's for a date."""
    if dt is not None and not isinstance(dt, datetime.datetime):
        raise AttributeError(f"'{type(dt).__name__}' object has no attribute 'hour'")
    return None if dt is None else _plain(dt, None)


def _plain(dt: datetime.datetime, tzinfo: Any) -> datetime.datetime:
    """An exact datetime of ``dt``'s fields in ``tzinfo``, read by datetime's own descriptors: a subclass of main.py's
    is never handed Python's zone (its ``replace``, ``toordinal`` or ``__new__`` would see it)."""
    fields = {name: getattr(datetime.datetime, name).__get__(dt) for name in _FIELDS}
    return datetime.datetime(**fields, tzinfo=tzinfo)


class ZoneInfo(datetime.tzinfo):
    """``zoneinfo.ZoneInfo`` in the grader: Python's zone of a key of tzdata's, behind an underscore attribute."""

    __slots__ = ("_zone",)
    __module__ = MODULE

    def __new__(cls, key: Any) -> "ZoneInfo":
        made = _loaded[0].get(key) if type(key) is str else None
        if made is None:
            made = cls.no_cache(key)
            _loaded[0][made.key] = made
        return made

    @classmethod
    def no_cache(cls, key: Any) -> "ZoneInfo":
        """A new zone of ``key``, not kept for the next ``ZoneInfo(key)``."""
        made = datetime.tzinfo.__new__(cls)
        made._zone = _read(key)
        return made

    @classmethod
    def from_file(cls, *args: Any, **options: Any) -> None:
        _refuse("from_file")

    @classmethod
    def clear_cache(cls, *, only_keys: Any = None) -> None:
        _refuse("clear_cache")

    def __init_subclass__(cls, **keywords: Any) -> None:
        raise TypeError("a class built on zoneinfo.ZoneInfo is not available in the grader")

    @property
    def key(self) -> str:
        return self._zone.key

    def __str__(self) -> str:
        return self._zone.key

    def __repr__(self) -> str:
        return f"zoneinfo.ZoneInfo(key={self._zone.key!r})"

    def utcoffset(self, dt: Any) -> Any:
        return self._zone.utcoffset(_moment(dt))

    def dst(self, dt: Any) -> Any:
        return self._zone.dst(_moment(dt))

    def tzname(self, dt: Any) -> Any:
        return self._zone.tzname(_moment(dt))

    def fromutc(self, dt: Any) -> Any:
        """The local time of ``dt``, a datetime in UTC whose ``tzinfo`` is this zone (as Python's asks): ``dt`` plus
        the zone's offset (a subclass's own ``+`` and ``replace(fold=1)`` make it, as with Python's zone)."""
        if not isinstance(dt, datetime.datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if datetime.datetime.tzinfo.__get__(dt) is not self:
            raise ValueError("dt.tzinfo is not self")
        local = self._zone.fromutc(_plain(dt, self._zone))
        made = dt + (local.replace(tzinfo=None) - _plain(dt, None))
        return made.replace(fold=1) if local.fold else made


def new_load() -> None:
    """Forget the zones of the load before: each load of main.py makes its own (no load sees another's objects)."""
    _loaded[0] = {}
