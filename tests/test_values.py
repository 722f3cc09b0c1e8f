"""Trusted copies of returned values: exact types, no student code run, bounded work."""

from __future__ import annotations

import time

from grader.values import Foreign, plain, same


class Liar(dict):
    def __eq__(self, other):
        return True

    def items(self):
        return [("status", "ok")]


def test_lying_objects_never_equal_anything():
    class AlwaysEqual:
        def __eq__(self, other):
            return True

    assert not same(plain(AlwaysEqual()), {"status": "ok"})
    assert isinstance(plain(AlwaysEqual()), Foreign)


def test_dict_subclass_is_read_through_dict_itself():
    liar = Liar(status="forbidden")
    assert plain(liar) == {"status": "forbidden"}
    assert not same(plain(liar), {"status": "ok"})


def test_bool_and_int_differ_at_every_level():
    assert not same(plain(True), 1)
    assert not same(plain({"replayed": 1}), {"replayed": True})
    assert not same(plain({1}), {True})
    assert not same(plain({1: "a"}), {True: "a"})
    assert same(plain({"a": [1, (2, "x")]}), {"a": [1, (2, "x")]})


def test_self_referencing_value_stops_early():
    blowup = []
    blowup.extend([blowup] * 2000)
    started = time.monotonic()
    plain(blowup)
    assert time.monotonic() - started < 5
