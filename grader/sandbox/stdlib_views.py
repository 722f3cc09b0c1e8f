"""Standard names a dispatcher uses for its own bookkeeping (a log row's id, a timestamp, a CSV line, a build tag),
offered as stand-ins that reach neither the grading machine nor the grader's own state.

- ``os.getpid()`` is :data:`PROCESS_ID` and ``os.getcwd()`` the submission's folder (``/submission``, as
  ``Path.cwd()`` in grader/sandbox/paths.py); ``os.urandom(n)`` gives n random bytes, as ``secrets.token_bytes``.
- ``platform``: ``system``, ``python_version``, ``python_version_tuple``, ``python_implementation``, constants of the
  grader's Python (never the machine's name, release or hardware: ``node``, ``uname``, ``platform`` stay out).
- ``uuid.uuid1()``: a time-based UUID of the clock main.py reads, with a random node of the load's own
  (:func:`make_uuid1`), never the machine's network address.
- ``codecs``: ``encode``/``decode`` only (the codecs ``str.encode`` reaches, and the bytes-to-bytes ones: ``hex``,
  ``base64``...); ``codecs.open``, ``lookup`` and ``register`` stay out.
- ``ast``: ``literal_eval`` of a str (a literal, never code: ``parse`` and ``compile`` stay out).
- ``zoneinfo``: ``ZoneInfo(key)`` of an IANA key, with tzdata's rules (grader/sandbox/zones.py).
- ``csv``: ``writer``, ``reader``, ``DictWriter`` and ``DictReader`` of Python's; a writer writes through the ``write``
  of the object main.py hands it, read through the attribute guard (an ``io.StringIO``, a file of ``open()``, which
  stays in memory), and a dialect is named by a str (``'excel'``, ``'unix'``): ``register_dialect`` and
  ``field_size_limit``, the process's own, stay out.
"""

from __future__ import annotations

import ast
import codecs
import csv
import io
import os
import secrets
import sys
import uuid
from typing import Any, Callable

from grader.sandbox import clock, zones
from grader.sandbox.imports import partial_view
from grader.sandbox.paths import FOLDER

_GREGORIAN_OFFSET = 0x01B21DD213814000  # uuid1's clock: 100 ns steps from 1582-10-15 to 1970-01-01
PROCESS_ID = 4242  # os.getpid() in the grader: a fixed number, not the grading child's


def urandom(size: Any) -> bytes:
    """``os.urandom(size)``: ``size`` (an int, not negative) random bytes (TypeError, ValueError as Python's)."""
    return os.urandom(int.__index__(size))


def process_names() -> dict[str, Any]:
    """The ``os`` view's ``getpid``, ``getcwd`` and ``urandom`` (class attributes of the view)."""
    return {"getpid": staticmethod(lambda: PROCESS_ID), "getcwd": staticmethod(lambda: FOLDER),
            "urandom": staticmethod(urandom)}


def make_uuid1() -> Callable[..., uuid.UUID]:
    """``uuid.uuid1(node=None, clock_seq=None)`` for one load, as Python's makes it (RFC 4122) but of the clock main.py
    reads (grader/sandbox/clock.py, moved on for the checks marked last: Python's reads the real one), with ``node`` a
    random 48-bit number with the multicast bit set (the RFC's rule for a node that is no network address), drawn
    once, and a clock sequence from ``secrets`` (Python's draws from the ``random`` module the grader shares);
    ``node`` and ``clock_seq``, when given, ints (TypeError otherwise)."""
    own_node, last = secrets.randbits(48) | (1 << 40), [0]

    def uuid1(node: Any = None, clock_seq: Any = None) -> uuid.UUID:
        for name, value in (("node", node), ("clock_seq", clock_seq)):
            if value is not None and type(value) is not int:
                raise TypeError(f"uuid1() {name} must be an int, not {type(value).__name__}")
        stamp = max(clock.time_ns() // 100 + _GREGORIAN_OFFSET, last[0] + 1)  # 100 ns steps since 1582-10-15
        last[0] = stamp
        sequence = secrets.randbits(14) if clock_seq is None else clock_seq
        return uuid.UUID(fields=(stamp & 0xFFFFFFFF, (stamp >> 32) & 0xFFFF, (stamp >> 48) & 0x0FFF,
                                 (sequence >> 8) & 0x3F, sequence & 0xFF, own_node if node is None else node), version=1)
    return uuid1


def literal_eval(text: Any) -> Any:
    """``ast.literal_eval(text)`` of a str (read as an exact str): the value of a Python literal (ValueError,
    SyntaxError as Python's); an AST node, which main.py cannot make, is refused with TypeError."""
    if not isinstance(text, str):
        raise TypeError("ast.literal_eval takes a str in the grader")
    return ast.literal_eval(str.__str__(text))


def _dialect(dialect: Any) -> str:
    """A csv dialect as the grader takes it: the name of one of Python's (``'excel'``, ``'excel-tab'``, ``'unix'``)."""
    if type(dialect) is not str:
        raise TypeError("a csv dialect is named by a str in the grader ('excel', 'excel-tab', 'unix'), with options "
                        "as keywords (delimiter=';')")
    return dialect


class _Final:
    """A base of the grader's csv classes: main.py builds no class on them (a subclass's ``super().__init__`` would
    reach Python's, whose writer reads ``write`` past the attribute guard)."""

    def __init_subclass__(cls, **keywords: Any) -> None:
        if cls.__module__ != __name__:
            raise TypeError("a class built on a csv class is not available in the grader")


class _Sink:
    """What the csv writer writes to: each line goes to ``write``, main.py's object's own, read through the guard."""

    __slots__ = ("write",)

    def __init__(self, write: Callable[[str], Any]) -> None:
        self.write = write


def csv_view(views: dict, getattr_guarded: Callable[[Any, str], Any]) -> Any:
    """The ``csv`` view of one submission: ``writer``, ``reader``, ``DictWriter``, ``DictReader`` (Python's, with the
    writes of a writer read through ``getattr_guarded``, the attribute guard), the quoting constants and ``Error``;
    every other name is an ``Unavailable`` stand-in (``views``: the submission's, named in its refusal)."""
    def writer(target: Any, dialect: Any = "excel", **options: Any) -> Any:
        try:
            write = getattr_guarded(target, "write")
        except AttributeError:  # Python's csv.writer: a TypeError when it is made, as for a write that is no callable
            raise TypeError('argument 1 must have a "write" method') from None
        return csv.writer(_Sink(write), _dialect(dialect), **options)

    def reader(lines: Any, dialect: Any = "excel", **options: Any) -> Any:
        return csv.reader(lines, _dialect(dialect), **options)

    class DictWriter(_Final, csv.DictWriter):
        def __init__(self, f: Any, fieldnames: Any, restval: Any = "", extrasaction: Any = "raise",
                     dialect: Any = "excel", **options: Any) -> None:
            super().__init__(io.StringIO(), fieldnames, restval, extrasaction, _dialect(dialect), **options)
            self.writer = writer(f, dialect, **options)

    class DictReader(_Final, csv.DictReader):
        def __init__(self, f: Any, fieldnames: Any = None, restkey: Any = None, restval: Any = None,
                     dialect: Any = "excel", **options: Any) -> None:
            super().__init__(f, fieldnames, restkey, restval, _dialect(dialect), **options)

    names = {name: getattr(csv, name) for name in ("QUOTE_ALL", "QUOTE_MINIMAL", "QUOTE_NONNUMERIC", "QUOTE_NONE",
                                                   "Error")}
    return partial_view("csv", views, {**names, "writer": staticmethod(writer), "reader": staticmethod(reader),
                                       "DictWriter": DictWriter, "DictReader": DictReader})


def add_stdlib_views(views: dict, getattr_guarded: Callable[[Any, str], Any]) -> None:
    """Put the views above in ``views`` (one submission's: module name -> view) and ``uuid1`` in its ``uuid`` view."""
    version = sys.version_info
    views["platform"] = partial_view("platform", views, {
        "system": staticmethod(lambda: "Linux"), "python_implementation": staticmethod(lambda: "CPython"),
        "python_version": staticmethod(lambda: f"{version.major}.{version.minor}.{version.micro}"),
        "python_version_tuple": staticmethod(lambda: (str(version.major), str(version.minor), str(version.micro)))})
    views["codecs"] = partial_view("codecs", views, {"encode": staticmethod(_encode), "decode": staticmethod(_decode)})
    views["ast"] = partial_view("ast", views, {"literal_eval": staticmethod(literal_eval)})
    zones.new_load()
    views["zoneinfo"] = partial_view("zoneinfo", views, {"ZoneInfo": zones.ZoneInfo,
                                                         "ZoneInfoNotFoundError": zones.ZoneInfoNotFoundError})
    views["csv"] = csv_view(views, getattr_guarded)
    type(views["uuid"]).uuid1 = staticmethod(make_uuid1())


def _exact(obj: Any) -> Any:
    """A str or bytes subclass's value as an exact str or bytes (a codec then calls none of main.py's methods)."""
    return str.__str__(obj) if isinstance(obj, str) else bytes(obj) if isinstance(obj, bytes) else obj


def _encode(obj: Any, encoding: Any = "utf-8", errors: Any = "strict") -> Any:
    """``codecs.encode``: Python's (its ``__self__`` would be the real ``_codecs`` module)."""
    return codecs.encode(_exact(obj), _exact(encoding), _exact(errors))


def _decode(obj: Any, encoding: Any = "utf-8", errors: Any = "strict") -> Any:
    """``codecs.decode``: Python's (its ``__self__`` would be the real ``_codecs`` module)."""
    return codecs.decode(_exact(obj), _exact(encoding), _exact(errors))
