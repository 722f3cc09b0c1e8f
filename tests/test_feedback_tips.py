"""The tip under a failed check fits what the submission did: a wrong field beside the right status, another
exception than ValueError (raised on purpose, or from a step that stopped on the input)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from checks.dispatching import expect_status, expect_success, numbered
from checks.test_checkpoint2_fingerprint import first_line
from conftest import ROOT, grade_folder
from grader.battery import Call, Mismatch, unnumbered
from grader.reports import feedback, selection
from grader.tips import error_hint, field_hint, stop_tip
from test_reports import check, md, page, passing, result

REFERENCE_CHECK = "if type(proposal) is not dict or set(proposal) != FIELDS:"
SUBMISSIONS = {
    # The host's version is not raised: status 'ok', only version is wrong.
    "version-kept": lambda reference: reference.replace('    state["version"] += 1\n', ""),
    # replayed as the text 'False'.
    "replayed-text": lambda reference: reference.replace('"replayed": False}', '"replayed": "False"}'),
    # The dict check is there, with the wrong exception.
    "type-error": lambda reference: reference.replace(
        REFERENCE_CHECK, "if type(proposal) is not dict:\n        raise TypeError\n    if set(proposal) != FIELDS:"),
    # sorted() stops with TypeError on a key that is no str.
    "sorted-keys": lambda reference: reference.replace("set(proposal) != FIELDS", "sorted(proposal) != sorted(FIELDS)"),
    # A successful call consumes its approval: approved changes under the host's feet.
    "approval-consumed": lambda reference: reference.replace('    state["tickets"][ticket] = value\n',
                                                             '    approved.discard(digest)\n'
                                                             '    state["tickets"][ticket] = value\n'),
    # The approval is consumed and the version is checked before the replay: a replay gets stale-version, whoever
    # changed which register before.
    "approval-consumed-stale-first": lambda reference: reference.replace(
        '    state["tickets"][ticket] = value\n', '    approved.discard(digest)\n    state["tickets"][ticket] = value\n'
    ).replace('    call_id = proposal["call_id"]\n', '    call_id = proposal["call_id"]\n'
              '    if proposal["version"] != state["version"]:\n        return {"status": "stale-version"}\n'),
    # dispatch_ticket drops fields it does not know before validating: it accepts an extra approved field.
    "extra-field-dropped": lambda reference: reference.replace(
        "    proposal = validate_ticket_proposal(proposal)\n    check_host_input",
        "    proposal = validate_ticket_proposal({k: proposal[k] for k in FIELDS if k in proposal})\n    check_host_input"),
    # The validation forgets the set of keys: proposal_fingerprint calls it and hashes an extra field along.
    "keys-unchecked": lambda reference: reference.replace(REFERENCE_CHECK, "if type(proposal) is not dict:"),
    # An uppercase approval (which may be refused with ValueError, or matched) raises a KeyError on purpose.
    "upper-key-error": lambda reference: reference.replace(
        "    if not all(matches(DIGEST, digest) for digest in approved):\n",
        "    if any(type(d) is str and d != d.lower() for d in approved):\n        raise KeyError('upper')\n"
        "    if not all(matches(DIGEST, digest) for digest in approved):\n"),
    # version may be a float: 1.0, 0.0 and 1000000.0 are let through.
    "float-version": lambda reference: reference.replace("if type(version) is not int or",
                                                         "if type(version) not in (int, float) or"),
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    reference = (ROOT / "tests" / "solutions" / "reference" / "main.py").read_text(encoding="utf-8")
    folder = tmp_path_factory.mktemp("tips")
    for student, change in SUBMISSIONS.items():
        source = change(reference)
        assert source != reference, student
        (folder / f"{student}.py").write_text(source, encoding="utf-8")
    return {lang: grade_folder(folder, tmp_path_factory.mktemp("out"), "--lang", lang) for lang in ("nl", "en")}


def first_tip(results: dict, student: str, checkpoint: str) -> dict:
    """Per language: the tip of the first failed check a report shows in full for ``checkpoint``."""
    return {lang: selection.hint(selection.shown_failures(graded[student])[checkpoint][1][0])
            for lang, graded in results.items()}


@pytest.mark.parametrize("student, words", [
    ("version-kept", {"en": ["status is right", "version = 1"], "nl": ["status klopt", "version = 1"]}),
    ("replayed-text", {"en": ["status is right", "replayed", "bool", "str"], "nl": ["status klopt", "replayed", "bool",
                                                                                    "str"]}),
])
def test_a_wrong_field_beside_the_right_status_gets_a_tip_about_that_field(results, student, words):
    tip = first_tip(results, student, "3")
    for lang, said in words.items():
        assert all(word in tip[lang] for word in said), (lang, tip[lang])
        assert "approved" not in tip[lang] and "H(p)" not in tip[lang], tip[lang]


class Odd(TypeError):
    pass


Odd.__name__ = "Odd *[x](y)*"


def test_another_exception_raised_on_purpose_gets_a_tip_in_place_of_the_rules():
    tip = error_hint(TypeError(), {"line": 3, "source": "raise TypeError"})
    assert all(word in tip["en"] for word in ["raises TypeError itself (line 3)", "Raise a ValueError"])
    assert tip["nl"] != tip["en"] and stop_tip(TypeError(), {"line": 3, "source": "raise TypeError"}) is None, tip


@pytest.mark.parametrize("error, line, words", [
    (KeyError("x"), {"line": 4, "source": "if proposal['x']:"}, ["Line 4", "KeyError", "refuse this one"]),
    (Odd(), None, ["raises TypeError here"]),  # a class name that is no plain name: its base class's
])
def test_a_step_that_stopped_gets_a_tip_beside_the_rules(error, line, words):
    tip = stop_tip(error, line)
    assert all(word in tip["en"] for word in words) and tip["nl"] != tip["en"], tip
    assert error_hint(error, line) is None


def test_no_exception_tip_for_a_value_error_or_a_return():
    assert error_hint(ValueError(), None) is None and error_hint(None, None) is None
    assert stop_tip(ValueError(), None) is None and stop_tip(None, None) is None


@pytest.mark.parametrize("got, words", [
    ({"status": "ok", "version": 0, "replayed": False}, ["version = 1"]),
    ({"status": "ok", "version": 1, "replayed": "<b>x</b>"}, ["replayed", "a bool, not a str"]),
    ({"status": "ok", "replayed": False}, ["lacks version"]),
])
def test_the_field_tip_names_the_first_wrong_field_and_never_the_students_value(got, words):
    tip = field_hint({"status": "ok", "version": 1, "replayed": False}, got)
    assert all(word in tip["en"] for word in words) and "<b>" not in tip["en"] + tip["nl"], tip


@pytest.mark.parametrize("got", [{"status": "stale-version"}, ["ok"], {"version": 1}])
def test_no_field_tip_when_the_status_differs(got):
    assert field_hint({"status": "ok", "version": 1}, got) is None


def test_another_exception_raised_on_purpose_gets_a_tip_to_raise_value_error(results):
    tip = first_tip(results, "type-error", "1")
    assert "ValueError" in tip["en"] and "TypeError" in tip["en"] and "dictionary" not in tip["en"], tip
    assert "ValueError" in tip["nl"] and "TypeError" in tip["nl"] and "dictionary" not in tip["nl"], tip


def test_an_exception_from_a_step_that_stopped_gets_a_tip_about_that_step_and_the_rules_own(results):
    """The line that stopped, then what the rule asks (the check's own hint): a crash says where, not what to check."""
    tip = first_tip(results, "sorted-keys", "1")
    for lang, line in (("en", "line 29"), ("nl", "regel 29")):
        assert "ValueError" in tip[lang] and "TypeError" in tip[lang] and line in tip[lang].lower(), tip
    record = selection.shown_failures(results["en"]["sorted-keys"])["1"][1][0]
    assert record["hint"] and tip["en"].endswith(record["hint"]) and tip["en"].startswith("Line 29"), tip


def test_the_terminal_shows_both_tips_too(tmp_path):
    reference = (ROOT / "tests" / "solutions" / "reference" / "main.py").read_text(encoding="utf-8")
    (tmp_path / "main.py").write_text(SUBMISSIONS["sorted-keys"](reference), encoding="utf-8")
    shown = subprocess.run([sys.executable, "-m", "grader", str(tmp_path / "main.py"), "--lang", "en",
                            "--out", str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT).stdout
    tips = [line for line in shown.splitlines() if line.strip().startswith("hint:")]
    assert tips and "Line 29" in tips[0] and len(tips[0]) > len(tips[0].split("ValueError.")[0]) + 20, shown


def test_a_failure_after_a_call_that_changed_approved_names_that_change_not_the_rules_hint(results):
    """The register had 64 digests where the check made 65 (one was consumed): the rule's tip about checking again
    would send the student looking for a cache that is not there."""
    for lang, words in (("en", ["earlier call", "approved", "from 1 to 0"]),
                        ("nl", ["eerdere call", "approved", "van 1 naar 0"])):
        checks = results[lang]["approval-consumed"]["checkpoints"]["3"]["checks"]
        record = next(c for c in checks if c["id"] == "d2_d3_checked_again_after_a_change_in_place[approved-65]")
        assert record["outcome"] == "failed", record
        tip = selection.hint(record)
        assert all(word in tip for word in words) and record["hint"] not in tip, tip


def test_a_call_given_a_fresh_register_gets_no_tip_about_an_earlier_call_that_changed_another(results):
    """A replay of p with a new {H(p)} got stale-version (the version checked first) and the tip "An earlier call ...
    changed approved (from 1 to 0 items), so this call got other input than the host gave": untrue, and it hid the
    order the check is about."""
    for lang, graded in results.items():
        records = graded["approval-consumed-stale-first"]["checkpoints"]["3"]["checks"]
        record = next(r for r in records if r["id"].startswith("d7_order[") and r["outcome"] == "failed"
                      and "{'status': 'stale-version'}" in str(r["detail"]["got"]))
        tip = selection.hint(record)
        assert {"nl": "eerdere call", "en": "earlier call"}[lang] not in tip, tip


@pytest.mark.parametrize("check_id", ["d5_d20_first_calls_after_loading", "d15_d20_other_host_untouched"])
def test_an_extra_field_let_through_gets_a_tip_about_validation_not_about_earlier_calls(results, check_id):
    for lang, (said, wrong) in {"nl": ("approved", "eerdere"), "en": ("approved", "earlier call")}.items():
        record = next(r for r in results[lang]["extra-field-dropped"]["checkpoints"]["3"]["checks"] if r["id"] == check_id)
        tip = selection.hint(record)
        assert record["outcome"] == "failed" and said in tip and wrong not in tip and "validate_ticket_proposal" in tip, tip


@pytest.mark.parametrize("lang, which", [("nl", "de tweede call gaf terug: "), ("en", "the second call returned: ")])
def test_the_result_of_a_later_call_in_a_script_says_which_call_it_was(results, lang, which):
    record = next(r for r in results[lang]["extra-field-dropped"]["checkpoints"]["3"]["checks"]
                  if r["id"] == "d5_d20_first_calls_after_loading")
    assert record["detail"]["got"].startswith(which), record["detail"]


def test_checkpoint_2_points_at_checkpoint_1_s_validation_where_that_refuses_the_same_input_wrongly(results):
    # proposal_fingerprint called the validation, whose key-set check was missing: its tip said to call the validation
    # at the start of proposal_fingerprint. Checkpoint 1 fails on the same inputs, so those checks are listed under it.
    for lang, graded in results.items():
        assert not graded["keys-unchecked"]["checkpoints"]["1"]["passed"]
        root, shown, _ = selection.shown_failures(graded["keys-unchecked"])["2"]
        assert root == "validation"
        assert not any("f4_extra_approved" in record["id"] or "f4_missing_arguments" in record["id"] for record in shown)
        report = md(graded["keys-unchecked"], lang)
        assert {"nl": "je validatie aan en hash", "en": "Call your validation at the start"}[lang] not in report


def test_the_call_after_a_loop_of_calls_is_named_the_last_not_by_its_line():
    # After "for i in range(63): dispatch_ticket(...)" the 64th call was "de tweede call": the second line with a call.
    script = ["state = {}", "completed = {}", "for i in range(63):", "    q = {**p, 'call_id': f'f{i}'}",
              "    dispatch_ticket(q, 'learner', {H(q)}, state, completed)  # ok",
              "r = dispatch_ticket(p, 'learner', {H(p)}, state, completed)"]
    got = numbered(Call("\n".join(script), value={"status": "ok"}), script).got()
    assert got["nl"].startswith("de laatste call gaf terug: ") and got["en"].startswith("the last call returned: "), got
    assert unnumbered(got["en"]) == "returned: {'status': 'ok'}"
    got = numbered(Call("", value=1), ["r = dispatch_ticket(p)", "r = dispatch_ticket(p)"]).got()
    assert got["en"].startswith("the second call returned"), got


def test_an_uppercase_approval_refused_with_another_exception_names_every_allowed_outcome(results):
    # D10's uppercase check showed only "expected: {'status': 'ok', ...}" and its hint about completed, though a
    # ValueError or approval-required is allowed too.
    for lang, graded in results.items():
        record = next(r for r in graded["upper-key-error"]["checkpoints"]["3"]["checks"]
                      if r["id"] == "d10_replay_after_an_uppercase_approval")
        expected, tip = record["detail"]["expected"], selection.hint(record)
        assert "ValueError" in expected and "approval-required" in expected and "'ok'" in expected, expected
        assert {"nl": "Deze invoer weigeren mag", "en": "Refusing this input is allowed"}[lang] in tip, tip
        assert {"nl": "completed", "en": "completed"}[lang] not in tip, tip


def test_a_status_check_that_met_an_error_shows_the_result_it_expected():
    # It said "expected: a plain return value, no error", where the check knows the exact status it wants.
    call = Call("r = dispatch_ticket(q, 'learner', {H(q)}, state, completed)", error=PermissionError("no"))
    with pytest.raises(Mismatch) as found:
        expect_status(call, "forbidden")
    assert found.value.detail["expected"] == "{'status': 'forbidden'}"
    assert found.value.detail["got"]["en"].startswith("raised PermissionError")
    with pytest.raises(Mismatch) as found:
        expect_success(call, 1)
    assert "'status': 'ok'" in found.value.detail["expected"]


def test_an_english_tip_puts_an_before_a_name_that_starts_with_a_vowel():
    tip = stop_tip(AttributeError("x"), {"line": 3, "source": "proposal.keys()"})
    assert "with an AttributeError before" in tip["en"] and "met een AttributeError" in tip["nl"], tip
    assert "with a KeyError before" in stop_tip(KeyError("x"), {"line": 3, "source": "proposal['x']"})["en"]
    tip = field_hint({"status": "ok", "version": 1}, {"status": "ok", "version": "1"})
    assert "expected 1, an int, not a str" in tip["en"], tip
    assert "(an int has no length)" in first_line(0)["en"] and "(a NoneType has no length)" in first_line(None)["en"]


@pytest.mark.parametrize("key", ["tip", "hint"])  # where the code stopped; a case's own hint
@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_cases_own_tip_sits_by_that_case_when_a_check_shows_several(lang, key):
    # The tip about line 7 is case 1's own (another exception than ValueError); it was printed after case 3.
    own = {"nl": "Regel 7 van je code stopt op deze invoer.", "en": "Line 7 of your code stops on this input."}
    records = [check(f"v2_rule[{n}]", 1, "failed", tried=f"t{n}", expected="ValueError", got=f"g{n}") for n in range(3)]
    records[0]["detail"][key] = own
    res = result(records + passing("f", 2, 1) + passing("d", 3, 1), lang=lang)
    failure = feedback.build(res)["checkpoints"][0]["failures"][0]
    assert [case.get("hint") for case in failure["cases"]] == [own[lang], None, None]
    tip = {"nl": "Tip voor v2_rule[0].", "en": "Hint for v2_rule[0]."}[lang]
    assert failure["hint"] == tip  # for the other cases
    rendered = md(res, lang)
    assert rendered.index(own[lang]) < rendered.index("`t1`") < rendered.index(tip)
    assert own[lang] in page(res, lang).split("t1")[0]


# Inputs the code may refuse or accept (CONTRACT.md A1, A2, A5), refused with TypeError by "type-error": a refusal
# with the wrong exception, no wrong digest.
MAY_REFUSE = {"2": "f1_accepted_mapping_hashed_as_dict[userdict]", "3": "d12_d18_accepted_mapping_carried_out[userdict]"}


@pytest.mark.parametrize("checkpoint", list(MAY_REFUSE))
def test_an_input_the_code_may_refuse_refused_with_another_exception_gets_the_own_raise_tip(results, checkpoint):
    """Both outcomes the check allows are named, and the tip is about the TypeError, not about the check's own rule
    (hashing or carrying out what was accepted), which the code never reached."""
    for lang, (either, may) in {"nl": ("ValueError, of ", "weigeren mag"), "en": ("ValueError, or ", "refusing")}.items():
        record = next(r for r in results[lang]["type-error"]["checkpoints"][checkpoint]["checks"]
                      if r["id"] == MAY_REFUSE[checkpoint])
        detail = record["detail"]
        assert record["outcome"] == "failed" and detail["expected"].startswith(either), detail
        assert "TypeError" in detail["hint"] and may in detail["hint"].lower() and detail["cause"] == "validation"


def test_no_note_about_the_digest_when_it_is_right_and_only_an_input_is_refused_with_another_exception(results):
    for graded in results.values():
        verdicts, _ = selection.context(graded["type-error"]["checkpoints"])
        assert verdicts == {**verdicts, "validation": False, "fingerprint": True}, verdicts
        assert not feedback.build(graded["type-error"])["checkpoints"][2]["also_fingerprint"]


def test_the_tip_for_an_input_the_code_may_refuse_allows_accepting_it():
    own = error_hint(TypeError(), {"line": 3, "source": "raise TypeError"}, optional=True)
    assert "raises TypeError itself (line 3)" in own["en"] and "refusing" in own["en"].lower() and own["nl"] != own["en"]
    stopped = stop_tip(KeyError("x"), {"line": 4, "source": "if proposal['x']:"}, optional=True)
    assert "Line 4" in stopped["en"] and "accept" in stopped["en"].lower() and "refuse this one" not in stopped["en"], stopped


@pytest.mark.parametrize("key", ["tip", "hint"])
@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_same_own_tip_of_every_case_shown_is_said_once_below_them(lang, key):
    # Each of three cases raised the same TypeError on purpose: the report printed its tip three times.
    own = {"nl": "Je code geeft zelf een TypeError (regel 7).", "en": "Your code raises TypeError itself (line 7)."}
    rule = {"nl": "Tip voor v1_rule.", "en": "Hint for v1_rule."}
    records = [check(f"v1_rule[{n}]", 1, "failed", hint=rule, tried=f"t{n}", expected="ValueError", got=f"g{n}")
               for n in range(3)]
    for record in records:
        record["detail"][key] = own
    res = result(records + passing("f", 2, 1) + passing("d", 3, 1), lang=lang)
    failure = feedback.build(res)["checkpoints"][0]["failures"][0]
    assert [case.get("hint") for case in failure["cases"]] == [None, None, None]
    assert failure["hint"].startswith(own[lang]), failure["hint"]
    assert page(res, lang).count(own[lang]) == 1 and md(res, lang).count(own[lang]) == 1


def test_a_refusal_of_an_input_that_may_be_accepted_is_judged_by_its_exception():
    assert Call("f(q)", error=ValueError("no")).refused("x") and not Call("f(q)", value={}).refused("x")
    own = Call("f(q)", error=TypeError("no"), line={"line": 5, "source": "raise TypeError('no')"})
    for cause in ("validation", None):  # a proposal of checkpoints 2 and 3; a host's input
        with pytest.raises(Mismatch) as found:
            own.refused({"nl": "een dict", "en": "a dict"}, cause=cause)
        detail = found.value.detail
        assert detail["expected"] == {"nl": "ValueError, of een dict", "en": "ValueError, or a dict"}
        assert detail.get("cause") == cause and "line 5" in detail["hint"]["en"] and "tip" not in detail


def test_a_float_version_let_through_gets_a_tip_about_floats_not_about_bools(results):
    # Every failed case was a float (1.0, 0.0, 1000000.0); the tip spoke of True and False.
    tip = first_tip(results, "float-version", "1")
    assert "float" in tip["nl"] and "True" not in tip["nl"], tip
    assert "float" in tip["en"] and "True" not in tip["en"], tip
