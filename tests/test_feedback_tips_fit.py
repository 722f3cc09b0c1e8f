"""The tip under a failed check fits the mistake the submission made, where the check's own hint speaks of another
one: a bound that leaves out its edge value, a version compared with < instead of !=, a log full only at 65 rows, a
replay where the stored proposal differs, an invalid version that is no bool, an ``is`` between strings, a function in
a notebook cell that never ran."""

from __future__ import annotations

import ast

import pytest

from conftest import ROOT, grade_folder, run_grade
from fixtures.intake import build as fixtures
from grader.edges import blamed_edges, edge_hint
from grader.sandbox.identity import identity_comparisons
from test_feedback_tips import first_tip

VERSION_CHECK = "not 0 <= version <= MAX_VERSION:"
SUBMISSIONS = {
    # Off by one at a bound: the lesson's p itself (version 0), version 1000000, IDs of 40 characters refused.
    "version-from-1": lambda reference: reference.replace(VERSION_CHECK, "not 0 < version < MAX_VERSION:"),
    "version-below-max": lambda reference: reference.replace(VERSION_CHECK, "not 0 <= version < MAX_VERSION:"),
    "ids-up-to-39": lambda reference: reference.replace("[A-Za-z0-9_-]{0,39}", "[A-Za-z0-9_-]{0,38}"),
    # Only an older version is stale: a newer one is carried out.
    "stale-only-older": lambda reference: reference.replace('if proposal["version"] != state["version"]:',
                                                            'if proposal["version"] < state["version"]:'),
    # The log is full only past 64 rows.
    "log-full-past-64": lambda reference: reference.replace("if len(completed) >= MAX_ROWS:",
                                                            "if len(completed) > MAX_ROWS:"),
    # A call id's conflict decided on the arguments alone: another version under the same call id is replayed.
    "conflict-on-arguments": lambda reference: reference.replace(
        'if row["fingerprint"] != digest:', 'if row["arguments"] != proposal["arguments"]:').replace(
        'completed[call_id] = {"fingerprint": digest,',
        'completed[call_id] = {"fingerprint": digest, "arguments": dict(proposal["arguments"]),'),
    # The range check forgotten, then None let through as well.
    "version-type-only": lambda reference: reference.replace(
        "if type(version) is not int or not 0 <= version <= MAX_VERSION:", "if type(version) is not int:"),
    "version-none-allowed": lambda reference: reference.replace(
        "if type(version) is not int or not 0 <= version <= MAX_VERSION:",
        "if version is not None and (type(version) is not int or not 0 <= version <= MAX_VERSION):"),
    # The host's actor compared by identity: no literal, so Python does not warn.
    "status-by-identity": lambda reference: reference.replace(
        'arguments["status"] not in STATUSES', 'not any(arguments["status"] is status for status in STATUSES)'),
    "actor-by-identity": lambda reference: reference.replace('if proposal["actor"] != actor:',
                                                             'if proposal["actor"] is not actor:'),
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    reference = (ROOT / "tests" / "solutions" / "reference" / "main.py").read_text(encoding="utf-8")
    folder = tmp_path_factory.mktemp("fit")
    for student, change in SUBMISSIONS.items():
        source = change(reference)
        assert source != reference, student
        (folder / f"{student}.py").write_text(source, encoding="utf-8")
    return {lang: grade_folder(folder, tmp_path_factory.mktemp("out"), "--lang", lang) for lang in ("nl", "en")}


@pytest.mark.parametrize("student, words", [
    # The lesson's p (version 0) refused: the copy check failed first, with a tip about copies.
    ("version-from-1", {"nl": ["version 0 is geldig", "ondergrens"], "en": ["version 0 is valid", "lower bound"]}),
    ("version-below-max", {"nl": ["version 1000000 is geldig", "bovengrens"],
                           "en": ["version 1000000 is valid", "upper bound"]}),
    ("ids-up-to-39", {"nl": ["call_id, actor en name van 40 tekens zijn geldig"],
                      "en": ["call_id, actor and name of 40 characters are valid"]}),
])
def test_a_valid_proposal_refused_at_an_edge_gets_a_tip_about_that_edge(results, student, words):
    tip = first_tip(results, student, "1")
    for lang, said in words.items():
        assert all(word in tip[lang] for word in said), (lang, tip[lang])
        assert "kopie" not in tip[lang] and "copy" not in tip[lang] and "Laat geen veld" not in tip[lang], tip[lang]


@pytest.mark.parametrize("student, words", [
    ("stale-only-older", {"nl": ["oudere", "nieuwere", "stale-version"], "en": ["older", "newer", "stale-version"]}),
    ("log-full-past-64", {"nl": ["64 rijen", "log-full", "niet pas bij 65"], "en": ["64 rows", "log-full", "inclusive"]}),
])
def test_a_refusal_carried_out_gets_a_tip_about_the_exact_condition(results, student, words):
    tip = first_tip(results, student, "3")
    for lang, said in words.items():
        assert all(word in tip[lang] for word in said), (lang, tip[lang])
    assert "len(completed)" not in tip["en"] and "convert" not in tip["en"] and "order" not in tip["en"], tip


def test_a_replay_in_place_of_a_conflict_gets_a_tip_about_comparing_the_stored_proposal_first(results):
    # It got only the tip about the order of the checks.
    tip = first_tip(results, "conflict-on-arguments", "3")
    assert tip["nl"].startswith("Je code gaf een herhaling terug") and "opgeslagen voorstel" in tip["nl"], tip
    assert tip["en"].startswith("Your code returned a replay") and "stored proposal" in tip["en"], tip


@pytest.mark.parametrize("student, words", [
    ("version-type-only", {"nl": ["-1", "ondergrens"], "en": ["-1", "lower bound"]}),
    ("version-none-allowed", {"nl": ["None"], "en": ["None"]}),
])
def test_an_invalid_version_let_through_gets_a_tip_about_that_value_not_about_bools(results, student, words):
    tip = first_tip(results, student, "1")
    for lang, said in words.items():
        assert all(word in tip[lang] for word in said) and "True" not in tip[lang], (lang, tip[lang])


def test_an_identity_comparison_without_a_literal_is_named_in_a_load_note(results):
    for lang in ("nl", "en"):
        notes = [note for note in results[lang]["actor-by-identity"]["load"]["notes"] if note["kind"] == "syntax-warning"]
        assert [note["line"] for note in notes] == [75], notes


@pytest.mark.parametrize("source, lines", [
    ("def f(p, actor):\n    return p['actor'] is not actor\n", [2]),
    ("S = 'set_ticket'\ndef f(p):\n    name = p['name']\n    return name is S\n", [4]),
    ("def f(k):\n    return any(k is n for n in ('open', 'done'))\n", [2]),
    # Not flagged: None, bools, types, a sentinel object and literals (Python warns for those itself).
    ("M = object()\ndef f(p, actor):\n    return (p['actor'] is None, actor is M, type(actor) is str,\n"
     "            p['version'] is True, p['status'] is 'done')\n", []),
])
def test_identity_comparisons_are_found_in_the_source(source, lines):
    assert [line for line, _ in identity_comparisons(ast.parse(source))] == lines


def test_no_correct_solution_has_an_identity_comparison_of_text():
    for path in sorted((ROOT / "tests" / "solutions" / "correct").glob("*.py")):
        try:
            tree = ast.parse(path.read_bytes())  # bytes: a BOM or a coding line of its own, as Python reads a file
        except SyntaxError:  # Python 3.12 syntax, which the grader refuses
            continue
        assert identity_comparisons(tree) == [], path.name


def test_a_valid_proposal_refused_for_another_reason_says_it_is_valid_before_the_checks_hint(results):
    # An is between strings refuses p: the copy check failed first with only its tip about copies.
    tip = first_tip(results, "status-by-identity", "1")
    assert tip["nl"].startswith("Dit voorstel is geldig") and tip["en"].startswith("This proposal is valid"), tip


def _strict(proposal):
    if proposal["version"] in (0, 1000000) or len(proposal["actor"]) > 39:
        raise ValueError
    return dict(proposal)


def _refuse_all(proposal):
    raise ValueError


def test_only_the_edges_that_the_function_refuses_are_blamed():
    proposal = {"call_id": "c" * 40, "actor": "a" * 40, "name": "n", "version": 0,
                "arguments": {"ticket": "t" * 32, "status": "done"}}
    assert blamed_edges(_strict, proposal) == {"actor": "a" * 40, "version": 0}
    # Refused for another reason (an unknown status would stay refused with every edge moved inward): no tip.
    assert blamed_edges(_refuse_all, proposal) == {}
    # An invalid proposal, another exception or another function: no tip, and no extra call.
    calls = []
    assert edge_hint("validate_ticket_proposal", calls.append, ({**proposal, "version": -1},), ValueError()) is None
    assert edge_hint("validate_ticket_proposal", calls.append, (proposal,), TypeError()) is None
    assert edge_hint("dispatch_ticket", calls.append, (proposal,), ValueError()) is None
    assert calls == []


def test_the_edges_are_read_from_a_copy_the_function_cannot_change():
    proposal = {"call_id": "c", "actor": "a", "name": "n", "version": 0, "arguments": {"ticket": "t", "status": "done"}}

    def emptying(probe):  # refuses version 0; changes the proposal it was first given while it is called again
        if probe["version"] == 0:
            raise ValueError
        proposal["arguments"] = {}
        proposal["actor"] = 5

    assert blamed_edges(emptying, proposal) == {"version": 0}


@pytest.mark.parametrize("lang, unrun, missing", [("nl", "staat in cel 3", "ontbreekt"),
                                                  ("en", "is in cell 3", "is missing")])
def test_the_checkpoint_box_of_a_function_in_a_cell_that_never_ran_says_so(tmp_path, lang, unrun, missing):
    # The note said the function is in cell 3, but the checkpoint's box still said it was missing from the file.
    reference = (ROOT / "tests" / "solutions" / "reference" / "main.py").read_text(encoding="utf-8")
    first, dispatch = reference.split("def dispatch_ticket(")
    cells = [["code", first], ["code", "validate_ticket_proposal({})"], ["code", "def dispatch_ticket(" + dispatch]]
    path = tmp_path / "stopped.ipynb"
    path.write_bytes(fixtures.content({"notebook": cells}))
    run_grade(str(path), "--out", str(tmp_path / "out"), "--lang", lang)
    markdown = (tmp_path / "out" / "feedback" / "stopped.md").read_text(encoding="utf-8")
    box = [line for line in markdown.splitlines() if line.startswith("> ⚠️") and "dispatch_ticket" in line]
    assert len(box) == 1 and unrun in box[0] and missing not in box[0], markdown
