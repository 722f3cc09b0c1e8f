"""Feedback a student can act on: every check explains itself, root causes come first, no grader frames leak."""

from __future__ import annotations

import importlib
import json
import re

import pytest

from conftest import ROOT, grade_folder
from grader.battery import Mismatch, note
from grader.reports import feedback, markdown
from test_reports import LANGS, check, compare_snapshot, md, passing, result, returned, said

CHECK_MODULES = sorted(path.stem for path in (ROOT / "checks").glob("test_*.py"))
CLAUSE = re.compile(r"(V(1[0-2]|[1-9])|F[1-5]|G[1-3]|D(20|1[0-9]|[1-9])|Ex [3-5])(-(V|F|D)?\d+)?")
# Code in a hint would hand out the solution.
CODE = re.compile(r"\bdef |\bimport |==|!=|\blambda\b|\b(re|json|hashlib|copy)\.\w+\(|\{\d|\[a-z|\\d|\.hexdigest\(")


def battery() -> list[tuple[str, dict]]:
    """(check name, @check arguments) of every check in checks/."""
    found = []
    for name in CHECK_MODULES:
        module = importlib.import_module(f"checks.{name}")
        for attribute, function in vars(module).items():
            marks = [mark for mark in getattr(function, "pytestmark", []) if mark.name == "check"]
            if attribute.startswith("test_") and marks:
                found.append((attribute, marks[0].kwargs))
    return found


@pytest.mark.filterwarnings("ignore::pytest.PytestUnknownMarkWarning")
def test_every_check_states_its_clause_rule_and_hint_in_both_languages():
    checks = battery()
    assert len(checks) > 60
    for name, meta in checks:
        assert CLAUSE.fullmatch(meta["clause"]), (name, meta["clause"])
        for text in (meta["message"], meta["hint"]):
            assert set(text) == {"nl", "en"} and text["nl"] != text["en"], name
            assert all(20 <= len(value) <= 200 and value.endswith(".") for value in text.values()), (name, text)
        assert not any(CODE.search(value) for value in meta["hint"].values()), (name, meta["hint"])


def test_notes_in_tried_code_are_resolved_per_language():
    tried = "validate_ticket_proposal({**p, 'actor': '\\u212a'})  # " + note("Kelvin-teken", "Kelvin sign")
    detail = Mismatch(tried, "ValueError", "x").detail
    assert detail["tried"] == {"nl": tried.replace(note("Kelvin-teken", "Kelvin sign"), "Kelvin-teken"),
                               "en": tried.replace(note("Kelvin-teken", "Kelvin sign"), "Kelvin sign")}
    assert Mismatch("f(p)", "x", "y").detail == {"tried": "f(p)", "expected": "x", "got": "y"}


SORTED = "json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))"
SUBMISSIONS = {
    # json.dumps without sort_keys, used by dispatch_ticket too: checkpoint 3 fails because of checkpoint 2.
    "unsorted": lambda reference: reference.replace(
        'json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))', "json.dumps(clean)"),
    # str() of the caller's proposal is hashed: a StrEnum status or a read-only arguments reads otherwise in it.
    "str-of-input": lambda reference: reference.replace(
        'json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))', "str(proposal)").replace(
        'if type(arguments) is not dict or', 'if not hasattr(arguments, "keys") or'),
    # version=True passes validation: checkpoints 2 and 3 inherit it.
    "bool-version": lambda reference: reference.replace("type(version) is not int or not 0 <= version",
                                                        "not isinstance(version, int) or not 0 <= version"),
    # The version is checked before the replay: a dozen checks get the same stale-version.
    "stale-first": lambda reference: reference.replace(
        '    call_id = proposal["call_id"]\n',
        '    call_id = proposal["call_id"]\n    if proposal["version"] != state["version"]:\n'
        '        return {"status": "stale-version"}\n'),
    # hexdigest() in uppercase: the JSON and the hash are right, only the letter case (F2) is not.
    "uppercase": lambda reference: reference.replace(".hexdigest()", ".hexdigest().upper()"),
    # digest() instead of hexdigest(): the right hash as raw bytes (F2's form, not F1's JSON).
    "raw-digest": lambda reference: reference.replace(".hexdigest()", ".digest()"),
    # validate_ticket_proposal returns a read-only view of a correct new dict; the other functions use the dict.
    "read-only-result": lambda reference: reference.replace("def validate_ticket_proposal(", "def _validate(").replace(
        "validate_ticket_proposal(proposal)", "_validate(proposal)") + (
        "\n\nimport types\n\n\ndef validate_ticket_proposal(proposal):\n"
        "    return types.MappingProxyType(_validate(proposal))\n"),
    # Only the version rule is wrong (> instead of !=): its own check leads, not the order or limit checks.
    "newer-version-accepted": lambda reference: reference.replace(
        'if proposal["version"] != state["version"]:', 'if proposal["version"] < state["version"]:'),
    # A third status passes validation and the state's ticket pairs alike: checkpoint 1 is the root cause of both.
    "closed-status": lambda reference: reference.replace('STATUSES = ("open", "done")',
                                                         'STATUSES = ("open", "done", "closed")'),
    # The approval is checked before the replay: the lesson's example 4 stops with KeyError on r['replayed'].
    "approval-before-replay": lambda reference: reference.replace(
        '    call_id = proposal["call_id"]\n',
        '    call_id = proposal["call_id"]\n    if digest not in approved:\n        return {"status": "approval-required"}\n'),
    # version=True passes validation and json.dumps is not sorted: checkpoint 3 names both causes.
    "bool-version-unsorted": lambda reference: reference.replace(
        "type(version) is not int or not 0 <= version", "not isinstance(version, int) or not 0 <= version").replace(
        'json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))', "json.dumps(clean)"),
    # An OrderedDict proposal is accepted and handed back itself.
    "ordereddict-returned": lambda reference: reference.replace(
        "if type(proposal) is not dict or set(proposal) != FIELDS:",
        "if not isinstance(proposal, dict) or set(proposal) != FIELDS:").replace(
        '    return {**proposal, "arguments": dict(arguments)}',
        '    return proposal if type(proposal) is not dict else {**proposal, "arguments": dict(arguments)}'),
    # Raises from a helper, and an exception whose __str__ raises too.
    "raising": lambda reference: reference.replace(
        "def matches(pattern, value):", "def matches(pattern, value):\n    value.upper()").replace(
        "    check_host_input(actor, approved, state, completed)\n",
        "    check_host_input(actor, approved, state, completed)\n"
        "    class Odd(Exception):\n        def __str__(self):\n            raise RuntimeError\n"
        "    if actor == 'other':\n        raise Odd()\n"),
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    reference = (ROOT / "tests" / "solutions" / "reference" / "main.py").read_text(encoding="utf-8")
    folder = tmp_path_factory.mktemp("mistakes")
    for student, change in SUBMISSIONS.items():
        source = change(reference)
        assert source != reference, student
        (folder / f"{student}.py").write_text(source, encoding="utf-8")
    out = tmp_path_factory.mktemp("out")
    return grade_folder(folder, out, "--lang", "en"), (out / "results.json").read_text(encoding="utf-8")


def test_a_wrong_fingerprint_is_named_as_the_cause_of_checkpoint_3(results):
    result = results[0]["unsorted"]
    view = feedback.build(result)["checkpoints"][2]
    assert view["root_cause"] == "fingerprint" and view["confirmed"]
    assert [failure["id"] for failure in view["failures"]] == ["d12_approved_proposal_carried_out"]
    assert len(view["grouped"]) > 10   # listed once each, not shown case by case
    got = view["failures"][0]["cases"][0]["got"]
    assert "your proposal_fingerprint(p) returns" in got and "not H(p)" in got
    text = markdown.render_feedback(feedback.build(result), "en")
    assert text.index("Fix checkpoint 2 first") < text.index("A proposal the host approved with its correct")


def test_a_json_text_with_other_options_is_named_once_in_checkpoint_2(results):
    view = feedback.build(results[0]["unsorted"])["checkpoints"][1]
    assert [failure["id"] for failure in view["failures"]] == ["f1_lesson_proposal_fingerprint"]
    got = view["failures"][0]["cases"][0]["got"]
    assert "keys are not sorted" in got and "spaces" in got
    listed = {item["message"] for item in view["grouped"] if item["cause"] == "json"}
    assert len(listed) >= 4 and len(view["grouped"]) == len(listed)
    text = markdown.render_feedback(feedback.build(results[0]["unsorted"]), "en")
    assert "remember nothing per object" not in text and "same JSON text" in text


def test_str_of_the_callers_object_is_named_once_in_checkpoint_2_also_for_other_kinds_of_values(results):
    """str() of a proposal with a StrEnum status or read-only arguments was not recognised: those checks were shown
    in full, about Enums and MappingProxyType, with hints that did not name the str()."""
    view = feedback.build(results[0]["str-of-input"])["checkpoints"][1]
    assert [failure["id"] for failure in view["failures"]] == ["f1_lesson_proposal_fingerprint"], view["failures"]
    assert "str() of the dictionary" in view["failures"][0]["cases"][0]["got"]
    listed = " ".join(item["message"] for item in view["grouped"] if item["cause"] == "json")
    assert "(such as an Enum)" in listed and "(such as a read-only one)" in listed, listed


def test_an_uppercase_fingerprint_is_blamed_on_the_letter_case_not_on_the_json(results):
    view = feedback.build(results[0]["uppercase"])["checkpoints"]
    assert [failure["id"] for failure in view[1]["failures"]] == ["f2_fingerprint_is_64_lowercase_hex"]
    assert not view[1]["grouped"] and "uppercase" in view[1]["failures"][0]["hint"]
    assert view[2]["root_cause"] == "fingerprint" and view[2]["confirmed"]


def test_a_raw_digest_is_blamed_on_the_form_not_on_the_json(results):
    failures = feedback.build(results[0]["raw-digest"])["checkpoints"][1]["failures"]
    assert failures[0]["id"] == "f2_fingerprint_is_64_lowercase_hex" and "raw bytes" in failures[0]["hint"]
    assert not any(failure["id"].startswith("f1_") for failure in failures)


def test_the_lesson_examples_first_line_is_said_for_a_raw_digest_too(results):
    # It said "first line ?: proposal_fingerprint(p) returned b'...'": print(len(...)) prints 32 for those bytes.
    record = next(check for entry in results[0]["raw-digest"]["checkpoints"].values() for check in entry["checks"]
                  if check["id"] == "f3_lesson_example_2_prints_64_and_true")
    assert record["outcome"] == "failed" and record["detail"]["got"].startswith("first line 32: proposal_fingerprint(p)")


def test_inherited_validation_failures_are_listed_once_under_checkpoint_1(results):
    view = feedback.build(results[0]["bool-version"])["checkpoints"]
    # Checkpoint 1 shows its own failures; one that only tries again an input it fails on (the first call after
    # loading, bringing version True as well) is listed, never blamed on checkpoint 1 itself.
    assert view[0]["failures"] and {item["cause"] for item in view[0]["grouped"]} <= {"same-result", "repeats"}
    for checkpoint in view[1:]:
        assert checkpoint["root_cause"] == "validation"
        assert {item["cause"] for item in checkpoint["grouped"]} == {"validation"}
        assert not {"f4_invalid_proposal_refused", "d5_invalid_proposal", "d6_validation_before_status"} & \
            {f["id"] for f in checkpoint["failures"]}


def test_a_state_status_refused_by_checkpoint_1s_rule_is_listed_under_that_root_cause(results):
    view = feedback.build(results[0]["closed-status"])["checkpoints"]
    assert view[0]["failures"] and view[2]["root_cause"] == "validation"
    rule = "Every ticket that checkpoint 1 refuses is invalid as a key in state too"  # d3_state_pairs_as_in_checkpoint_1
    assert [item for item in view[2]["grouped"] if item["message"].startswith(rule)]
    assert not [f for f in view[2]["failures"] if f["id"].startswith("d3_state_pairs")]


def test_a_read_only_view_returned_by_validate_is_named_as_such(results):
    result = results[0]["read-only-result"]
    assert [result["checkpoints"][k]["passed"] for k in "123"] == [False, True, True]
    view = feedback.build(result)["checkpoints"][0]
    assert [failure["id"] for failure in view["failures"]] == ["v9_result_is_new_object"]
    got = view["failures"][0]["cases"][0]["got"]
    assert "read-only mappingproxy" in got and "not a dict" in got
    # The lesson's example reads it as it would read a dict, and does print done.
    outcomes = {record["id"]: record["outcome"] for record in result["checkpoints"]["1"]["checks"]}
    assert outcomes["v10_lesson_example_1_prints_done"] == "passed"


def test_failures_with_a_result_already_shown_are_only_listed(results):
    view = feedback.build(results[0]["stale-first"])["checkpoints"][2]
    assert view["root_cause"] is None
    assert [failure["id"] for failure in view["failures"]][0] == "d7_order"
    listed = [item for item in view["grouped"] if item["cause"] == "same-result"]
    assert len(listed) >= 5 and len(view["failures"]) <= 4


def test_the_check_of_the_one_wrong_status_rule_comes_before_the_checks_that_combine_rules(results):
    view = feedback.build(results[0]["newer-version-accepted"])["checkpoints"][2]
    clauses = [failure["clause"] for failure in view["failures"]]
    assert clauses[0] == "D11" and "D7" in clauses, clauses
    assert results[0]["stale-first"]["checkpoints"]["3"]["passed"] is False


def test_student_exceptions_show_the_students_own_line_and_no_grader_frames(results):
    document = results[1]
    for leak in ("Traceback", 'File "', "site-packages", "/grader/", "_pytest", "RestrictedPython", str(ROOT)):
        assert leak not in document
    records = [record for cp in results[0]["raising"]["checkpoints"].values() for record in cp["checks"]]
    got = {record["detail"]["got"] for record in records if record["outcome"] == "failed"}
    source = SUBMISSIONS["raising"]((ROOT / "tests" / "solutions" / "reference" / "main.py").read_text("utf-8"))
    line = source.split("\n").index("    value.upper()") + 1
    assert f"raised AttributeError: 'NoneType' object has no attribute 'upper' (line {line}: value.upper())" in got
    assert any(text.startswith("raised Odd: ? (line ") for text in got)
    assert all(record["outcome"] in ("passed", "failed") for record in records)


def test_tried_code_is_short_and_in_the_reports_language(results):
    document = json.loads(results[1])
    for entry in document["submissions"]:
        for cp in entry["checkpoints"].values():
            for record in cp["checks"]:
                tried = (record.get("detail") or {}).get("tried") or ""
                assert "⟪" not in tried and " / " not in tried and "het voorstel" not in tried, tried
                assert len(tried) <= 600 and all(len(line) <= 130 for line in tried.split("\n")), tried
                assert not re.search(r"\blog\b(?!-)", tried), tried  # the lesson's name: completed
                assert not str((record.get("detail") or {}).get("expected") or "").startswith("#"), record


@pytest.mark.parametrize("lang, words", [("nl", "Ook checkpoint 2 slaagt nog niet"), ("en", "Checkpoint 2 does not pass yet either")])
def test_checkpoint_3_names_the_fingerprint_too_when_validation_and_fingerprint_both_fail(results, lang, words):
    entry = results[0]["bool-version-unsorted"]
    view = feedback.build(entry)["checkpoints"]
    assert view[2]["root_cause"] == "validation" and view[2]["also_fingerprint"] and not view[1]["also_fingerprint"]
    assert words in markdown.render_feedback(feedback.build(entry), lang)
    assert not feedback.build(results[0]["bool-version"])["checkpoints"][2]["also_fingerprint"]


def test_a_mapping_handed_back_itself_is_said_to_be_the_input_not_shown_as_a_dictionary(results):
    records = [r for r in json.loads(results[1])["submissions"] if r["id"] == "ordereddict-returned"][0]
    copied = [c for c in records["checkpoints"]["1"]["checks"] if c["id"] == "v10_accepted_mapping_copied[ordereddict]"]
    assert copied and copied[0]["detail"]["got"] == "returned q itself, the mapping it was given"


def test_a_worked_example_that_stops_with_key_error_shows_what_r_was(results):
    records = [r for r in json.loads(results[1])["submissions"] if r["id"] == "approval-before-replay"][0]
    ex4 = [c for c in records["checkpoints"]["3"]["checks"] if c["id"] == "ex4_lesson_example"][0]
    assert ex4["outcome"] == "failed"
    assert ex4["detail"]["got"] == ("print stops with KeyError: a key this line reads is missing "
                                     "(r is {'status': 'approval-required'})")


def test_failures_found_while_setting_up_come_after_the_ones_on_what_is_tested():
    def record(check_id, got, setup=False):
        detail = {"tried": "t", "expected": "e", "got": got, **({"setup": True} if setup else {})}
        return {"id": check_id, "checkpoint": 3, "clause": "D14", "outcome": "failed", "message": check_id,
                "hint": "h", "detail": detail, "error": None}
    checks = [record("d4_completed_invalid[65-rows]", "returned: log-full", setup=True),
              record("d14_63_rows_still_room", "returned: log-full at 63")]
    result = {"id": "x", "status": "graded", "score": 2, "max_score": 3, "load": {"notes": []},
              "checkpoints": {"1": {"passed": True, "checks": []}, "2": {"passed": True, "checks": []},
                              "3": {"passed": False, "checks": checks}}}
    failures = feedback.build(result)["checkpoints"][2]["failures"]
    assert [failure["id"] for failure in failures] == ["d14_63_rows_still_room", "d4_completed_invalid"]


# Markdown snapshots of the root-cause reports (see tests/test_reports.py for the others). ----------

def wrong_fingerprint(lang: str) -> dict:
    """json.dumps without sort_keys: checkpoint 2 fails, and a check of checkpoint 3 confirms it as the cause."""
    scene = "state = {'version': 0, 'tickets': {'lamp': 'open', 'sensor': 'open'}}\ncompleted = {}\n"
    checks = passing("v", 1, 4) + [
        check("f1_lesson_proposal_fingerprint", 2, "failed", clause="F1", tried="proposal_fingerprint(p)",
              message=said("De vingerafdruk van p is de SHA-256 van de vaste JSON-weergave.",
                           "The fingerprint of p is the SHA-256 of its canonical JSON form."),
              hint=said("Gebruik json.dumps met precies de opgegeven opties.", "Use json.dumps with exactly the given options."),
              expected="'2740616b46377c575410ef31cc29b1cb8b9d69c3fa283831fca38e0c0627af39'",
              got=returned("'d74bc5d7e4ad0bff9795174e855a5bc568d968a081f27444e3c5f93cc1a00f6f'")),
    ] + passing("f", 2, 2) + passing("d1", 3, 3) + [
        check("d12_approved_proposal_carried_out", 3, "failed", clause="D12", cause="fingerprint",
              message=said("Een voorstel dat de host goedkeurde met H(p), wordt uitgevoerd.",
                           "A proposal the host approved with H(p) is carried out."),
              hint=said("Zoek precies H(p) op in approved.", "Look up exactly H(p) in approved."),
              tried=scene + "r = dispatch_ticket(p, 'learner', {H(p)}, state, completed)\nproposal_fingerprint(p)",
              expected=said("status 'ok', want de host keurde H(p) = '2740616b4637…' goed",
                            "status 'ok', because the host approved H(p) = '2740616b4637…'"),
              got=said("status 'approval-required': jouw proposal_fingerprint(p) geeft 'd74bc5d7e4ad…', niet H(p)",
                       "status 'approval-required': your proposal_fingerprint(p) returns 'd74bc5d7e4ad…', not H(p)")),
        *(check(f"d16_success_result[{case}]", 3, "failed", clause="D16", tried=scene + "r = dispatch_ticket(...)",
                message=said("Een geslaagde call geeft status ok.", "A successful call returns status ok."),
                expected="{'status': 'ok'}", got=returned("{'status': 'approval-required'}"))
          for case in ("lesson", "same-status")),
        check("d18_replay_changes_nothing", 3, "failed", clause="D18", tried=scene + "r = dispatch_ticket(...)",
              message=said("Een herhaling verandert niets.", "A replay changes nothing."),
              expected="status 'ok'", got=returned("{'status': 'approval-required'}")),
    ] + passing("d", 3, 2)
    return result(checks, lang=lang, student="unsorted-fp")


def replay_stored_object(lang: str) -> dict:
    """A replay hands out (and changes) the stored result itself instead of a copy."""
    scene = ("state = {'version': 0, 'tickets': {'lamp': 'open', 'sensor': 'open'}}\ncompleted = {}\n"
             "r = dispatch_ticket(p, 'learner', {H(p)}, state, completed)  # ok\n")
    checks = passing("v", 1, 3) + passing("f", 2, 3) + passing("d", 3, 5) + [
        check("d18_replay_changes_nothing", 3, "failed", clause="D18",
              message=said("Een herhaling verandert niets: state, completed en approved blijven gelijk.",
                           "A replay changes nothing: state, completed and approved stay the same."),
              hint=said("Een herhaling leest alleen het bewaarde resultaat.", "A replay only reads the stored result."),
              tried=scene + "r = dispatch_ticket(p, 'learner', {H({**p, 'call_id': 'c2'})}, state, completed)",
              expected=said("completed blijft ongewijzigd", "completed stays unchanged"),
              got=said("completed['c1']['result']['replayed'] werd True", "completed['c1']['result']['replayed'] became True")),
    ]
    return result(checks, lang=lang, student="replay-object")


ROOT_CAUSES = {"wrong_fingerprint": wrong_fingerprint, "replay_stored_object": replay_stored_object}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(ROOT_CAUSES))
def test_markdown_snapshot_of_root_causes(name, lang):
    compare_snapshot(name, lang, md(ROOT_CAUSES[name](lang), lang))


@pytest.mark.parametrize("clause, blamed", [("V10", False), ("V9", False), ("V11", False), ("V3", True),
                                            ("V8", True), ("G2", True)])
def test_checkpoint_1_is_named_as_the_root_cause_only_for_a_validation_failure(clause, blamed):
    # A copy that is not a copy (V9-V11) breaks no input checkpoints 2 and 3 inherit: their own
    # failures are then theirs, and the reports must not send the student to checkpoint 1.
    records = [check("v_rule", 1, "failed", clause=clause, tried="t", expected="e", got="g"),
               check("f4_own", 2, "failed", clause="F4", tried="t", expected="ValueError", got="g"),
               check("d5_own", 3, "failed", clause="D5", tried="t", expected="ValueError", got="g")]
    view = feedback.build(result(records, lang="en"))["checkpoints"]
    assert view[1]["root_cause"] == ("validation" if blamed else None)
    assert (view[2]["root_cause"] == "validation") is blamed  # else checkpoint 2's fingerprint, as it fails


@pytest.mark.parametrize("lang, text", [("nl", "… en nog 1 geval van deze controle mislukt."),
                                        ("en", "… and 1 more case of this check fails.")])
def test_one_more_failed_case_is_said_in_the_singular(lang, text):
    records = [check(f"v_rule[{n}]", 1, "failed", tried="t", expected="e", got=f"g{n}")
               for n in range(feedback.SHOWN_CASES + 1)]
    assert text in markdown.render_feedback(feedback.build(result(records, lang=lang)), lang)


@pytest.mark.parametrize("clause, blamed", [("F1", True), ("F2", True), ("F3", True), ("F4", False), ("F5", False)])
def test_checkpoint_2_is_named_for_checkpoint_3_only_for_a_wrong_digest(clause, blamed):
    # The checks of checkpoint 3 approve with H(p) and dispatch_ticket validates its own copy: a
    # fingerprint that lets an invalid proposal through or changes its input is not why they fail.
    records = [check("f_rule", 2, "failed", clause=clause, tried="t", expected="e", got="g"),
               check("d_rule", 3, "failed", clause="D5", tried="t", expected="e", got="g")]
    view = feedback.build(result(records, lang="en"))["checkpoints"][2]
    assert view["root_cause"] == ("fingerprint" if blamed else None)


def test_a_looping_inherited_check_is_only_listed_when_checkpoint_1_fails_on_its_case():
    def looped(case):
        record = check("f4_every_invalid_proposal_refused[V6]", 2, "failed", clause="V6", tried="t",
                       expected="e", got="g", cause="validation")
        record["detail"]["case"] = case
        return record

    records = [check("v6_ticket_invalid[ticket-digit-first]", 1, "failed", clause="V6", tried="t", expected="e",
                     got="g")]
    same = feedback.build(result(records + [looped("ticket-digit-first")], lang="en"))["checkpoints"][1]
    other = feedback.build(result(records + [looped("ticket-hyphen-first")], lang="en"))["checkpoints"][1]
    assert not same["failures"] and [item["cause"] for item in same["grouped"]] == ["validation"]
    assert [failure["id"] for failure in other["failures"]] == ["f4_every_invalid_proposal_refused"]


def test_no_check_passes_for_a_missing_function_whatever_validate_does(tmp_path):
    # Checks that need a result of validate_ticket_proposal still call their own checkpoint's function when
    # there is none ("1 of 92 checks passed" beside "the function is missing" contradicted itself).
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "only_validate.py").write_text("def validate_ticket_proposal(p):\n    raise ValueError('no')\n")
    result = grade_folder(folder, tmp_path / "out")["only_validate"]
    for key in "23":
        passed = [check["id"] for check in result["checkpoints"][key]["checks"] if check["outcome"] == "passed"]
        assert passed == [], key
