"""The first failure a report and the terminal show names the real cause of a plain mistake, or carries a tip that
fits it, where another check's hint would send the student after another rule: a log of the module's own in place
of the host's completed, a tool compared with ``is``, the version checked before the actor and the tool, a
validation that returns its input itself; a valid proposal refused is not named as a result that is its input."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT, SOLUTIONS, grade_folder
from grader.reports import feedback, html, markdown, selection
from test_feedback_tips import first_tip
from test_report_texts import self_check

REPLAY = '    if call_id in completed:\n        row = completed[call_id]'
VERSION = '    if proposal["version"] != state["version"]:\n        return {"status": "stale-version"}\n'
SUBMISSIONS = {
    # Replays looked up in a dict of the module: the host's completed is only written.
    "own-log": lambda reference: reference.replace("MAX_ROWS = 64\n", "MAX_ROWS = 64\nLOG = {}\n").replace(
        REPLAY, "    if call_id in LOG:\n        row = LOG[call_id]").replace(
        "    return result\n", "    LOG[call_id] = completed[call_id]\n    return result\n"),
    # The tool compared by identity: Python warns, and every call gets unknown-tool.
    "tool-by-identity": lambda reference: reference.replace('if proposal["name"] != "set_ticket":',
                                                            'if proposal["name"] is not "set_ticket":'),
    # The version checked first of all, before the actor and the tool.
    "version-first": lambda reference: reference.replace(VERSION, "").replace(
        '    if proposal["actor"] != actor:\n', VERSION + '    if proposal["actor"] != actor:\n'),
    # The validation hands back its input itself.
    "input-returned": lambda reference: reference.replace('    return {**proposal, "arguments": dict(arguments)}',
                                                          "    return proposal"),
    # Statuses compared by identity: valid proposals are refused, and the copy check (V9) fails on a refusal.
    "status-by-identity": lambda reference: reference.replace('arguments["status"] not in STATUSES',
                                                              'not any(arguments["status"] is s for s in STATUSES)'),
    # The JSON hashed with json.dumps's default spaces: every approval of checkpoint 3 misses (some 60 checks).
    "json-spaces": lambda reference: reference.replace(', separators=(",", ":"))', ")"),
    # The digest without its leading zeros: only proposals whose H starts with 0 miss their approval.
    "hex-via-int": lambda reference: (SOLUTIONS / "wrong" / "fingerprint_hex_via_int.py").read_text(encoding="utf-8"),
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    reference = (ROOT / "tests" / "solutions" / "reference" / "main.py").read_text(encoding="utf-8")
    folder = tmp_path_factory.mktemp("root")
    for student, change in SUBMISSIONS.items():
        source = change(reference)
        assert source != reference, student
        (folder / f"{student}.py").write_text(source, encoding="utf-8")
    return {lang: grade_folder(folder, tmp_path_factory.mktemp("out"), "--lang", lang) for lang in ("nl", "en")}


def first_in_terminal(results: dict, student: str, checkpoint: str, lang: str) -> str:
    """The terminal's self-check of ``checkpoint``, from its first failure shown up to the second."""
    out = self_check(results[lang][student], lang).split(f"Checkpoint {checkpoint}", 1)[1]
    return out.split("\n  - ", 2)[1]


@pytest.mark.parametrize("student, words", [
    ("own-log", {"nl": ["completed", "eigen log"], "en": ["completed", "log of your own"]}),
    ("tool-by-identity", {"nl": ["'set_ticket'", "unknown-tool", "=="], "en": ["'set_ticket'", "unknown-tool", "=="]}),
    ("version-first", {"nl": ["vaste volgorde", "stale-version"], "en": ["fixed order", "stale-version"]}),
])
def test_the_first_failure_shown_of_a_dispatch_mistake_has_a_tip_about_its_cause(results, student, words):
    tip = first_tip(results, student, "3")
    for lang, said in words.items():
        assert all(word in tip[lang] for word in said), (lang, tip[lang])
        assert "op gelijkheid" not in tip[lang] and "equality" not in tip[lang], tip[lang]
        assert all(word in first_in_terminal(results, student, "3", lang) for word in said), lang


@pytest.mark.parametrize("lang, said", [("nl", "het resultaat is p zelf"), ("en", "the result is p itself")])
def test_a_validation_that_returns_its_input_shows_that_first(results, lang, said):
    shown = selection.shown_failures(results[lang]["input-returned"])["1"][1]
    assert shown[0]["clause"] == "V9", [record["id"] for record in shown]
    assert said in first_in_terminal(results, "input-returned", "1", lang)


def test_a_valid_proposal_refused_is_not_shown_as_a_result_that_is_its_input(results):
    shown = selection.shown_failures(results["en"]["status-by-identity"])["1"][1]
    assert not selection.clauses(shown[0]["clause"]) & selection.COPY_CLAUSES, [record["id"] for record in shown]
    assert "ValueError" in first_in_terminal(results, "status-by-identity", "1", "en")
    assert "not the input object" not in first_in_terminal(results, "status-by-identity", "1", "en")


@pytest.mark.parametrize("lang, box, lead", [
    ("nl", "Daarna volgen, kort opgesomd, de {n} andere controles die hier mislukken.", "Deze {n} controles mislukken ook."),
    ("en", "After it come, listed briefly, the {n} other checks that fail here.", "These {n} checks fail too.")])
def test_a_wrong_fingerprint_shows_its_one_cause_first_and_counts_what_follows(results, lang, box, lead):
    # Checkpoint 3 listed some 60 follow-on failures of one wrong fingerprint without saying how many, so a
    # student saw a daunting wall rather than one cause and a number; every check is still listed.
    view = feedback.build(results[lang]["json-spaces"])
    third = view["checkpoints"][2]
    assert third["confirmed"] and len(third["failures"]) == 1 and len(third["grouped"]) > 40, third["grouped"]
    listed = len(third["grouped"])
    failed = third["total"] - third["passed_count"] - third["not_run_count"]
    assert 1 + listed == failed  # the cause shown, the rest listed: no failed check left out
    for text in (markdown.render_feedback(view, lang), re.sub(r"<[^>]+>", "", html.render_feedback(view, lang))):
        part = text.split("Checkpoint 3", 2)[2]
        assert box.format(n=listed) in " ".join(part.split()), part[:800]
        assert part.index(box.format(n=listed).split(",")[0]) < part.index(lead.format(n=listed))


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_failure_that_got_approval_required_under_a_wrong_fingerprint_gets_the_fingerprint_s_tip(results, lang):
    # A check approved q with H(q), which starts with 00: the student's digest lacks those zeros, so the code said
    # approval-required, and the check's tip sent the student after tickets ("controleer of het ticket al bestaat").
    from grader.reports.i18n import MESSAGES
    from grader.terminal import TEXT
    root, shown, _ = selection.shown_failures(results[lang]["hex-via-int"])["3"]
    assert root == "fingerprint" and "'approval-required'" in shown[0]["detail"]["got"], shown[0]
    view = feedback.build(results[lang]["hex-via-int"])
    failure = view["checkpoints"][2]["failures"][0]
    assert failure["hint"] is None and not any(case["hint"] for case in failure["cases"]), failure
    tip = MESSAGES["hint_approval_missed"][lang]
    assert "proposal_fingerprint" in tip and "approval-required" in tip
    assert f"{TEXT[lang]['hint']}: {tip}" in first_in_terminal(results, "hex-via-int", "3", lang)
    assert tip in markdown.render_feedback(view, lang).split("Checkpoint 3", 2)[2]
    assert "ticket al bestaat" not in first_in_terminal(results, "hex-via-int", "3", lang)
