"""Where the grader cannot fork, a check marked fresh loads main.py again in the process that ran the checks before
it: that load cannot tell whether it is the process's first (grader/sandbox/process_state.py;
tests/attacks/inflation/history_reload_seen_by_*.py). A forking grader gives each fresh check a child of its own
(tests/test_fresh_children.py)."""

import abc
import codecs
import collections.abc
import datetime
import encodings
import fnmatch
import numbers
import pathlib
import re
import sys
import time

import _strptime

from grader.sandbox import clock
from grader.sandbox.guards import Guards
from grader.sandbox.loader import load
from grader.sandbox.output import OutputBuffer
from grader.sandbox.process_state import forget_caches

# The module body keeps its CPU clock where a function can read it.
CLOCK = ("import time\nAT_LOAD = time.process_time()\n"
         "def validate_ticket_proposal(proposal):\n    return AT_LOAD\n")


def test_the_cpu_clock_starts_afresh_at_every_load():
    spent = time.process_time() + 0.3
    while time.process_time() < spent:  # the grading process has run for a while
        pass
    at_load = load(CLOCK.encode()).functions["validate_ticket_proposal"](None)
    assert 0 <= at_load < 0.2


def test_the_cpu_clock_still_counts_within_a_load():
    source = ("import time\nstarted = time.process_time()\nn = 0\nwhile time.process_time() - started < 0.05:\n"
              "    n += 1\nassert n > 0\ndef validate_ticket_proposal(proposal):\n    return time.process_time()\n")
    assert load(source.encode()).functions["validate_ticket_proposal"](None) >= 0.05


def test_re_and_strptime_caches_are_emptied():
    re.compile("fresh-load-probe[0-9]+")
    datetime.datetime.strptime("2024", "%Y")
    assert re._cache and _strptime._regex_cache
    forget_caches()
    assert not re._cache and not _strptime._regex_cache


def test_a_codec_is_imported_again_at_every_load():
    forget_caches()  # the first load: what the codecs are like then is what every later load finds
    seen = []

    def spy(name):
        seen.append(name)
        return encodings.search_function(name)

    codecs.unregister(encodings.search_function)
    codecs.register(spy)
    try:
        "probe".encode("cp1140")
        "probe".encode("cp1140")
        assert seen == ["cp1140"] and "encodings.cp1140" in sys.modules  # the interpreter's cache answered
        forget_caches()
        assert "encodings.cp1140" not in sys.modules and "cp1140" not in encodings._cache
        "probe".encode("cp1140")
        assert seen == ["cp1140", "cp1140"]
    finally:
        codecs.unregister(spy)
        codecs.register(encodings.search_function)


def test_abstract_classes_forget_their_answers():
    assert not isinstance(zip(), collections.abc.MutableSet)
    assert not isinstance(1j, numbers.Integral)
    assert abc._get_dump(collections.abc.MutableSet)[2] and abc._get_dump(numbers.Integral)[2]  # negative caches
    forget_caches()
    assert not abc._get_dump(collections.abc.MutableSet)[2] and not abc._get_dump(numbers.Integral)[2]
    assert isinstance({}.keys(), collections.abc.Set) and not isinstance(zip(), collections.abc.MutableSet)


ROOM = ("def room(calls=0):\n    try:\n        return room(calls + 1)\n    except RecursionError:\n        return calls\n"
        "AT_LOAD = room()\ndef validate_ticket_proposal(proposal):\n    return AT_LOAD\n")


def _load_from(depth):
    """The room main.py's module body found, loaded from ``depth`` calls deeper than the caller."""
    if depth:
        return _load_from(depth - 1)
    return load(ROOM.encode()).functions["validate_ticket_proposal"](None)


def test_the_module_body_has_the_same_room_for_calls_at_any_depth():
    limit = sys.getrecursionlimit()
    assert _load_from(0) == _load_from(1) == _load_from(100) > 900
    assert sys.getrecursionlimit() == limit


def test_pathlib_glob_patterns_are_forgotten():
    pathlib.PurePath("probe").match("[a-z]" * 5)
    assert fnmatch._compile_pattern.cache_info().currsize
    forget_caches()
    assert not fnmatch._compile_pattern.cache_info().currsize


def test_every_load_learns_its_attribute_names_and_makes_its_stand_in_classes_afresh():
    first = Guards(OutputBuffer())
    assert first.getattr(3, "probe_name_learnt", None) is None and "probe_name_learnt" in first.plain_names
    shown = first.visible_class(OutputBuffer)
    assert shown is not OutputBuffer and first.visible_class(OutputBuffer) is shown
    later = Guards(OutputBuffer())  # the next load's guards
    assert not later.plain_names and OutputBuffer not in later.opaque_classes  # (types.FunctionType... are, made for it)
    assert later.visible_class(OutputBuffer) is not shown


def test_a_load_made_a_year_on_starts_its_cpu_clock_at_zero():
    first = load(CLOCK.encode()).functions["validate_ticket_proposal"]
    clock.move_on(clock.LATER)
    try:
        later = load(CLOCK.encode()).functions["validate_ticket_proposal"]
        assert 0 <= later(None) < 0.2  # no 400 days of CPU time at the load
        source = CLOCK.replace("return AT_LOAD", "return time.process_time()")
        assert load(source.encode()).functions["validate_ticket_proposal"](None) < 0.2
    finally:
        clock.move_on(0)
    assert first(None) < 0.2
