"""What the grading process keeps between two loads of main.py, made to look the same at every load.

A check marked ``fresh`` (grader.battery.check) loads main.py again in the process that already ran the
checks before it. Whatever a submission can read of the process tells such a load from the first one, and a
function that is wrong at its first calls only in the first load (a dispatcher that approves itself) then
meets those checks honest: the process's CPU time (``time.process_time``, a few hundredths of a second right
after the fork, seconds later on) and the process-wide caches of the libraries it may use (a large pattern
that compiles in milliseconds comes back from ``re``'s cache in microseconds, a codec that ``str.encode`` imports
from disk at the first load is found in the interpreter's codec cache later, and ``isinstance(zip(), MutableSet)``
walks the abstract class's subclasses once, then reads its answer from the class's cache), and the depth of the
grader's own calls a load runs under (a fresh check's load is a call deeper: :func:`same_depth`).
"""

from __future__ import annotations

import abc
import codecs
import contextlib
import encodings
import fnmatch
import re
import sys
import time
import typing
import urllib.parse
from typing import Callable, Iterator

import _strptime

from grader.sandbox import clock

BODY_DEPTH = 960  # nested calls the module body may make, whatever the depth of the grader's call that loads it
_codecs_at_first_load: tuple[frozenset[str], dict] | None = None  # encodings' modules and cache then


def forget_caches() -> None:
    """Empty the process-wide caches a submission's code fills or reads: typing's aliases (whose arguments
    are compared with a new subscription's, by a submission's own ``__eq__``), ``re``'s compiled patterns and
    templates, the glob patterns ``pathlib``'s ``match`` compiled and the quoter of its ``as_uri``, the patterns
    ``datetime.strptime`` made per format, the codecs (:func:`_forget_codecs`) and the answers abstract classes keep
    (:func:`_forget_abstract_answers`). Called before every load of main.py, the first one too, so each load starts
    with the same empty caches: a forked child inherits what the grader's own process cached (collecting the battery
    fills typing's, ``re``'s and the abstract classes' caches; writing reports between two forks fills more)."""
    for clear in getattr(typing, "_cleanups", ()):
        clear()
    re.purge()
    fnmatch._compile_pattern.cache_clear()  # pathlib's PurePath.match
    urllib.parse._byte_quoter_factory.cache_clear()  # pathlib's PurePath.as_uri
    with _strptime._cache_lock:
        _strptime._regex_cache.clear()
    _forget_codecs()
    _forget_abstract_answers()


def _forget_abstract_answers() -> None:
    """Empty the caches of ``isinstance`` and ``issubclass`` of every abstract class in the process (collections.abc's,
    numbers', typing's protocols, and the classes they walk); what they registered stays."""
    classes, seen = [object], set()
    while classes:
        for subclass in type.__subclasses__(classes.pop()):
            if id(subclass) not in seen:
                seen.add(id(subclass))
                classes.append(subclass)
                if issubclass(type(subclass), abc.ABCMeta):
                    abc.ABCMeta._abc_caches_clear(subclass)


def _forget_codecs() -> None:
    """Put the codecs back as the first load of the process found them: the codec modules imported since then leave
    ``sys.modules``, ``encodings``' own cache holds what it held, and the interpreter's codec cache (which only
    unregistering a search function empties) is empty, so ``'x'.encode('cp037')`` imports its module at every load."""
    global _codecs_at_first_load
    if _codecs_at_first_load is None:
        _codecs_at_first_load = frozenset(name for name in sys.modules if name.startswith("encodings.")), \
            dict(encodings._cache)
    modules, cache = _codecs_at_first_load
    for name in [name for name in sys.modules if name.startswith("encodings.") and name not in modules]:
        del sys.modules[name]
    encodings._cache.clear()
    encodings._cache.update(cache)
    codecs.register(_no_codec)
    codecs.unregister(_no_codec)  # empties the interpreter's codec cache


def _no_codec(name: str) -> None:
    """A codec search function that finds nothing (registered only to be unregistered)."""
    return None


@contextlib.contextmanager
def same_depth() -> Iterator[None]:
    """Within the block, Python allows :data:`BODY_DEPTH` nested calls more, however deep the grader's own calls
    are (a module body that counted how deep it could recurse told a fresh check's load from the first); after it,
    the recursion limit is the grader's again."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(limit - _room() + BODY_DEPTH)
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


def _room(calls: int = 0) -> int:
    """How many calls deeper than its caller Python lets code go before a RecursionError."""
    try:
        return _room(calls + 1)
    except RecursionError:
        return calls


def load_clock() -> Callable[[], float]:
    """``time.process_time`` as one load of main.py sees it: the CPU seconds since that load began (the first
    load of a process and a later one read alike), plus how far grader.sandbox.clock's shift moved on since then (a
    load made a year on starts at 0 too: 400 days of CPU time would tell it from a run on that day)."""
    origin = time.process_time()
    shifted = clock.shift

    def process_time() -> float:
        return time.process_time() - origin + clock.shift - shifted  # moved on for the checks marked last
    return process_time
