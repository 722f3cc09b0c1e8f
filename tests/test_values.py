"""Trusted copies of returned values: exact types, no student code run, bounded work."""

from __future__ import annotations

import time

import pytest

from grader.values import TOO_LARGE, Foreign, key_with_own_eq, keyable_with_own_eq, plain, same


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


def test_a_huge_returned_int_is_shown_by_its_size_not_as_a_conversion_error():
    # Python refuses to turn an int of more than 4,300 digits into text (ValueError): the
    # finding must still say what the submission returned, also inside a dict.
    from grader.values import show

    assert show(10**6000) == "<int of 6001 digits>"
    assert show(-(10**5000)) == "<int of 5001 digits, negative>"
    assert show({"status": 10**4300}) == "{'status': <int of 4301 digits>}"
    assert show(10**4299) .startswith("1000")
    assert show(2**64) == "18446744073709551616"


def test_a_huge_int_from_the_submission_is_a_failed_check_with_a_readable_finding(tmp_path):
    from conftest import failing, run_grade
    from grader.reports import jsonreport

    (tmp_path / "main.py").write_text("def validate_ticket_proposal(proposal):\n    return 10**6000\n",
                                      encoding="utf-8")
    run_grade(str(tmp_path / "main.py"), "--out", str(tmp_path / "out"), "--lang", "en")
    result = jsonreport.read(tmp_path / "out" / "results.json")["submissions"][0]
    checks = failing(result, "1")
    assert checks and {check["outcome"] for check in checks} == {"failed"}
    assert "<int of 6001 digits>" in str(checks[0])


def test_a_returned_read_only_view_is_shown_as_one_not_as_the_dict_it_wraps():
    from types import MappingProxyType

    from grader.battery import Call

    got = Call("f()", value=MappingProxyType({"a": 1})).got()
    assert got == {"nl": "gaf terug: mappingproxy({'a': 1})", "en": "returned: mappingproxy({'a': 1})"}
    assert Call("f()", value={"a": 1}).got()["en"] == "returned: {'a': 1}"


def test_bytes_are_data_and_the_same_foreign_object_is_not_a_change():
    class Own:
        def __eq__(self, other):
            return True

    mine = Own()
    row = {"fingerprint": bytes.fromhex("ab" * 32), "audit": mine}
    before = plain(row)
    assert before["fingerprint"] == b"\xab" * 32 and type(plain(bytearray(b"x"))) is bytearray
    assert same(before, plain(row))                        # nothing changed: the same object is still there
    assert not same(before, plain({**row, "audit": Own()}))  # another object, even one that claims equality
    assert not same(plain(mine), {"status": "ok"}) and not same(plain(Own()), plain(Own()))


def test_a_chainmap_is_read_as_its_lookups_see_it_and_a_subclass_is_not_trusted():
    from collections import ChainMap

    class OwnChain(ChainMap):
        def __getitem__(self, key):
            return "ok"

    row = ChainMap({"result": {"version": 1}}, {"result": "hidden", "extra": Liar(a=1)})
    assert same(plain(row), {"extra": {"a": 1}, "result": {"version": 1}})
    assert list(plain(row)) == list(row)
    assert isinstance(plain(OwnChain({"a": 1})), Foreign)
    assert isinstance(plain(ChainMap(["not", "a", "map"])), Foreign)


def test_keys_or_members_that_are_one_as_plain_data_make_no_plain_copy():
    class Twin(str):
        def __hash__(self):
            return 7

    assert isinstance(plain({"c1": 1, Twin("c1"): 1}), Foreign)
    assert isinstance(plain({"c1", Twin("c1")}), Foreign)
    assert plain({Twin("c1"): 1}) == {"c1": 1} and plain({"a", "b"}) == {"a", "b"}


def test_hashable_container_subclasses_as_members_are_copied_whatever_their_contents():
    class Key(dict):
        __hash__ = object.__hash__

    class Bytes(bytearray):
        __hash__ = object.__hash__

    class Items(list):
        __hash__ = object.__hash__

    class Thing:
        pass

    first, second = Thing(), Thing()  # two keys shown alike, with values of two types: no order between them
    [pairs] = plain({Key({first: 1, second: "a"})})
    assert {item for _, item in pairs} == {1, "a"} and all(isinstance(key, Foreign) for key, _ in pairs)
    assert plain({Key({10 ** 5000: 1})}) == {frozenset({(10 ** 5000, 1)})}  # too long for repr
    assert plain({Bytes(b"x")}) == {b"x"} and plain({(Items([1, [2]]),)}) == {((1, (2,)),)}
    assert not same(plain({Key({"a": 1})}), plain({Key({"a": 2})}))


class OwnKey(str):
    def __eq__(self, other):
        raise AssertionError("a key's own __eq__ ran")

    __hash__ = str.__hash__


class PlainKey(str):
    pass


def test_keys_with_their_own_eq_are_found_without_running_them():
    assert key_with_own_eq([{"arguments": {"ticket": "lamp", PlainKey("status"): "done"}}, {"a"}, ("x", 1)]) is None
    assert key_with_own_eq([{"arguments": {OwnKey("status"): "done"}}]) == "OwnKey"
    assert key_with_own_eq([[{("c1", OwnKey("x")): 1}]]) == "OwnKey"
    assert key_with_own_eq([{frozenset({OwnKey("x")})}]) == "OwnKey"
    nested: list = []
    for _ in range(60_000):
        nested = [nested]
    assert key_with_own_eq([nested]) is TOO_LARGE


class Unhashable:
    def __eq__(self, other):
        return True


class HashableAgain(Unhashable):
    def __hash__(self):
        return 1


def test_only_a_class_whose_instances_can_be_keys_counts_as_a_key_with_its_own_eq():
    # A class with its own __eq__ and no __hash__ is unhashable (Python sets __hash__ = None): its
    # instances can be no dict key nor set member, so no lookup of the grader can run that __eq__.
    assert keyable_with_own_eq(OwnKey) and keyable_with_own_eq(HashableAgain)
    assert not keyable_with_own_eq(Unhashable) and not keyable_with_own_eq(PlainKey) and not keyable_with_own_eq(str)


@pytest.mark.parametrize("source, walked", [
    ("", False),  # no class of its own (the sandbox's own SimpleNamespace stand-in is unhashable)
    ("from dataclasses import dataclass\n@dataclass\nclass Row:\n    x: int = 0\n", False),
    ("from dataclasses import dataclass\n@dataclass(frozen=True)\nclass Row:\n    x: int = 0\n", True),
    ("class Key(str):\n    def __eq__(self, other):\n        return True\n    def __hash__(self):\n        return 1\n", True),
])
def test_the_handed_values_are_looked_through_only_when_main_py_has_a_keyable_class_with_its_own_eq(
        monkeypatch, source, walked):
    from grader import battery
    from grader.sandbox.loader import load

    code = source + "def validate_ticket_proposal(p):\n    return dict(p)\n" \
                    "def proposal_fingerprint(p):\n    return ''\ndef dispatch_ticket(*a):\n    return {}\n"
    loaded = load(code.encode())
    looked: list = []
    monkeypatch.setattr(battery, "key_with_own_eq", lambda roots: looked.append(roots))
    battery.Student(loaded.functions, loaded.source_lines, loaded.own_classes).call(
        "validate_ticket_proposal", {"call_id": "c1"})
    assert bool(looked) is walked


def test_a_value_that_reads_otherwise_than_it_holds_is_described_in_both_languages():
    # The Dutch report said "... wat ze bevat: x['version'] gives 900, where x holds ..." (English inside Dutch).
    from grader.hostreads import first_lie

    class Result(dict):
        def __getitem__(self, key):
            return 900

    assert first_lie([Result(version=1)], lambda cls: cls is Result, set()) == (
        "x['version'] gives 900, where x holds {'version': 1} (x: a Result)",
        "x['version'] geeft 900, terwijl x {'version': 1} bevat (x: een Result)")


def test_a_shown_dict_keeps_its_own_key_order_as_python_prints_it():
    """A student's result reads as built, beside the expected one in the lesson's order (reprlib sorts keys)."""
    from grader.values import show
    result = {"status": "ok", "version": 1, "ticket": "lamp", "value": "done", "replayed": False}
    assert show(result) == repr(result)
    assert show(dict.fromkeys(range(9, 0, -1), 0)) == "{9: 0, 8: 0, 7: 0, 6: 0, 5: 0, 4: 0, 3: 0, 2: 0, ...}"


def test_a_returned_decimal_is_shown_as_python_writes_it_and_still_equals_nothing():
    # It was shown as <Decimal object> beside the tried {**p, 'version': Decimal(3)}.
    from decimal import Decimal

    from grader.values import show

    class OwnDecimal(Decimal):
        def __repr__(self):
            raise AssertionError("the submission's code ran")

    assert show(plain({"version": Decimal(3)})) == "{'version': Decimal('3')}"
    assert not same(plain(Decimal(3)), plain(Decimal(3))) and isinstance(plain(Decimal(3)), Foreign)
    assert show(plain(OwnDecimal(3))) == "<OwnDecimal object>"  # a subclass's own code is never called
