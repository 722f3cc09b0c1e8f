"""The reports rendered from hand-built results: feedback pages, Markdown, gradebook and class page."""

from __future__ import annotations

import os
import re
from html import unescape
from pathlib import Path

import pytest

from grader.reports import classview, feedback, html, i18n, markdown, templating
from grader.score import verdicts

SNAPSHOTS = Path(__file__).parent / "snapshots"
LANGS = ("nl", "en")
XSS = "<script>alert(1)</script>"


# Results built the way grader.results.submission_result builds them (texts in one language). ------

def said(nl: str, en: str) -> dict:
    return {"nl": nl, "en": en}


def check(check_id: str, checkpoint: int, outcome: str = "passed", *, clause: str = "V1", message=None,
          hint=None, tried=None, expected=None, got=None, error=None, cause=None) -> dict:
    """A check record; texts may be said() dicts, which result() localizes."""
    detail = {"tried": tried, "expected": expected, "got": got} if (tried, expected, got) != (None,) * 3 else None
    if cause:
        detail["cause"] = cause
    return {"id": check_id, "checkpoint": checkpoint, "clause": clause, "outcome": outcome,
            "message": message or said(f"Regel van {check_id}.", f"Rule of {check_id}."),
            "hint": hint or said(f"Tip voor {check_id}.", f"Hint for {check_id}."), "detail": detail, "error": error}


def passing(prefix: str, checkpoint: int, count: int) -> list[dict]:
    return [check(f"{prefix}_{n}", checkpoint) for n in range(count)]


def local(value, lang):
    if isinstance(value, dict) and set(value) == {"nl", "en"}:
        return value[lang]
    return {k: local(v, lang) for k, v in value.items()} if isinstance(value, dict) else value


def result(checks=(), *, lang="nl", student="anna", status="graded", problem=None, output="", notes=()) -> dict:
    """One submission entry of results.json (format 1)."""
    checkpoints, score = verdicts([local(record, lang) for record in checks])
    if status != "graded":
        checkpoints, score = {k: {**v, "passed": False} for k, v in checkpoints.items()}, 0
    return {"id": student, "source": f"/subs/{student}/main.py", "sha256": "0" * 64, "status": status,
            "score": score, "max_score": 3, "load": {"problem": problem, "output": output, "notes": list(notes)},
            "checkpoints": checkpoints}


def load_error(kind: str, lang: str = "nl", detail: str = "", line=None, column=None, source=None) -> dict:
    problem = {"kind": kind, "detail": detail, "line": line, "column": column, "source": source}
    return result(lang=lang, status="empty" if kind == "empty" else "load-error", problem=problem)


def all_passing() -> list[dict]:
    return passing("v", 1, 5) + passing("f", 2, 3) + passing("d", 3, 4)


def document(results: list[dict], lang: str = "nl") -> dict:
    return {"format": 1, "grader": "0.1.0", "battery": "abc123", "lang": lang,
            "created": "2026-01-01T10:00:00+00:00", "submissions": results}


def page(res: dict, lang: str = "nl") -> str:
    """The HTML feedback page as rendered (escaped)."""
    return html.render_feedback(feedback.build(res), lang)


def shown(res: dict, lang: str = "nl") -> str:
    """What a reader sees on the HTML page: tags removed, entities decoded."""
    return unescape(re.sub(r"<[^>]+>", "", page(res, lang)))


def md(res: dict, lang: str = "nl") -> str:
    return markdown.render_feedback(feedback.build(res), lang)


# Typical mistakes (also the Markdown snapshots). ----------------------------------------------------

V4 = dict(clause="V4", message=said("version is een gewone int van 0 tot en met 1000000.",
                                    "version is a plain int from 0 to 1000000."),
          hint=said("True en False zijn in Python ook int.", "True and False are ints in Python too."))
F4 = dict(clause="F4", message=said("Een ongeldig voorstel geeft een ValueError.",
                                    "An invalid proposal gets a ValueError."),
          hint=said("Valideer eerst.", "Validate first."))


def returned(value: str) -> dict:
    return said(f"gaf terug: {value}", f"returned: {value}")


def bool_version(lang: str) -> dict:
    """validate accepts version=True/False; checkpoints 2 and 3 inherit it."""
    bools = (("version-true", "True"), ("version-false", "False"))
    checks = passing("v1", 1, 3) + [
        check(f"v4_bad_version_refused[{case}]", 1, "failed", **V4, tried=f"validate_ticket_proposal(version={value})",
              expected="ValueError", got=returned("{'call_id': 'c1', 'version': True}")) for case, value in bools
    ] + passing("f1", 2, 2) + [
        check(f"f4_invalid_proposal_refused[{case}]", 2, "failed", **F4, tried=f"proposal_fingerprint(version={value})",
              expected="ValueError", got=returned("'2740…'"), cause="validation") for case, value in bools
    ] + passing("d1", 3, 3) + [
        check("d5_invalid_proposal_refused[version-true]", 3, "failed", clause="D5", expected="ValueError",
              tried="dispatch_ticket({**p, 'version': True}, 'learner', set(), state, completed)",
              got=returned("{'status': 'stale-version'}"), cause="validation"),
        check("d6_validation_before_status[version-foreign-actor]", 3, "failed", clause="D6", expected="ValueError",
              tried="dispatch_ticket({**p, 'version': True}, 'other', set(), state, completed)",
              got=returned("{'status': 'forbidden'}")),
    ]
    return result(checks, lang=lang, student="bool-version")


def uppercase_fingerprint(lang: str) -> dict:
    """hexdigest().upper(): checkpoint 2 fails, and checkpoint 3's success cases need the right fingerprint."""
    digest = "2740616b46377c575410ef31cc29b1cb8b9d69c3fa283831fca38e0c0627af39"
    checks = passing("v", 1, 4) + [
        check("f2_hexdigest_lowercase", 2, "failed", clause="F2", tried="proposal_fingerprint(p)",
              message=said("De vingerafdruk is een str van 64 kleine hexcijfers.",
                           "The fingerprint is a str of 64 lowercase hex digits."),
              hint=said("Gebruik hexdigest() zoals het is.", "Use hexdigest() as it is."),
              expected=f"'{digest}'", got=returned(f"'{digest.upper()}'")),
    ] + passing("f", 2, 2) + [
        check("d16_success_result", 3, "failed", clause="D16",
              message=said("Een goedgekeurd voorstel wordt uitgevoerd.", "An approved proposal is carried out."),
              hint=said("Zoek H(p) op in approved.", "Look up H(p) in approved."),
              tried="state = {'version': 0, 'tickets': {'lamp': 'open'}}\ncompleted = {}\n"
                    "dispatch_ticket(p, 'learner', {H(p)}, state, completed)",
              expected="{'status': 'ok', 'version': 1, 'ticket': 'lamp', 'value': 'done', 'replayed': False}",
              got=returned("{'status': 'approval-required'}")),
    ] + passing("d", 3, 5)
    return result(checks, lang=lang, student="upper-fp")


def unhashable_status(lang: str) -> dict:
    """status=['open'] raises TypeError; a replay loops forever; exit() at the bottom of main.py."""
    raised = "TypeError: unhashable type: 'list' (main.py, {} 14: if p['arguments']['status'] in {{'open', 'done'}}:)"
    checks = passing("v", 1, 6) + [
        check("v7_bad_status_refused[status-list]", 1, "failed", clause="V7",
              message=said("status is precies 'open' of 'done'.", "status is exactly 'open' or 'done'."),
              hint=said("Een lijst als status geeft ValueError, geen TypeError.",
                        "A list as status gives ValueError, not TypeError."),
              tried="validate_ticket_proposal(status=['open'])", expected="ValueError",
              got=said("gaf de fout " + raised.format("regel"), "raised " + raised.format("line"))),
    ] + passing("f", 2, 3) + passing("d", 3, 3) + [
        check("d18_replay_returns_copy", 3, "timeout", clause="D18",
              message=said("Een herhaling geeft een kopie met replayed=True.",
                           "A replay returns a copy with replayed=True."),
              hint=said("Geef bij een bekende call-ID het opgeslagen resultaat terug.",
                        "For a known call id return the stored result.")),
        check("d17_row_copy", 3, "not-run", clause="D17"),
    ]
    return result(checks, lang=lang, student="unhashable", notes=[{"kind": "exit-called", "line": 88}])


def syntax_error(lang: str) -> dict:
    return load_error("syntax", lang, "expected ':'", 12, 39, "def validate_ticket_proposal(proposal)")


def import_runtime_error(lang: str) -> dict:
    res = load_error("runtime", lang, "NameError: name 'clean' is not defined", 40, None,
                     "print(proposal_fingerprint(clean))")
    res["load"]["output"] = "ok\n```\nvalidated\n"
    return res


MISTAKES = {"bool_version": bool_version, "uppercase_fingerprint": uppercase_fingerprint,
            "unhashable_status": unhashable_status, "syntax_error": syntax_error,
            "import_runtime_error": import_runtime_error}


# The student's page. -----------------------------------------------------------------------------

def test_score_and_checkpoint_verdicts_are_shown():
    for rendered in (shown(bool_version("nl")), md(bool_version("nl"))):
        assert "Score: 0/3 checkpoints" in rendered and "niet geslaagd" in rendered
    all_ok = shown(result(all_passing(), lang="en"), "en")
    assert "Score: 3/3 checkpoints" in all_ok and "All checkpoints passed" in all_ok


def test_a_failed_check_shows_tried_requirement_got_expected_and_hint():
    res = uppercase_fingerprint("en")
    for rendered in (shown(res, "en"), md(res, "en")):
        for text in ("proposal_fingerprint(p)", "The fingerprint is a str of 64 lowercase hex digits.",
                     "'2740616B46377C575410EF31CC29B1CB8B9D69C3FA283831FCA38E0C0627AF39'",
                     "'2740616b46377c575410ef31cc29b1cb8b9d69c3fa283831fca38e0c0627af39'", "Use hexdigest() as it is.",
                     "Tried", "Your code", "Expected", "Hint"):
            assert text in rendered


def test_timeout_crash_and_error_outcomes_are_explained():
    checks = passing("v", 1, 2) + [check("v9", 1, "timeout"), check("v10", 1, "crashed", error="signal SIGKILL"),
                                   check("v11", 1, "error", error="RecursionError: maximum depth")]
    text = shown(result(checks))
    assert "niet op tijd klaar" in text and "signal SIGKILL" in text and "RecursionError: maximum depth" in text


def test_a_check_that_only_ran_out_of_time_or_memory_gives_no_hint_of_its_rule():
    # The rule's hint answers a wrong value; a time-out or memory exhaustion has its own advice.
    checks = passing("v", 1, 2) + [check("v9", 1, "timeout"), check("v10", 1, "memory"), check("v11", 1, "not-run"),
                                   check("v12", 1, "failed", tried="f(p)", expected="1", got="2")]
    for rendered in (shown(result(checks)), md(result(checks))):
        assert "Tip voor v12." in rendered
        assert not any(f"Tip voor v{n}." in rendered for n in (9, 10, 11))


@pytest.mark.parametrize("lang", LANGS)
def test_root_cause_note_when_checkpoint_1_failed(lang):
    res = bool_version(lang)
    causes = [cp["root_cause"] for cp in feedback.build(res)["checkpoints"]]
    assert causes == [None, "validation", "validation"]   # the earliest cause only
    note = i18n.MESSAGES["root_first"][lang].format(n=1)
    for rendered in (page(res, lang), md(res, lang)):
        assert rendered.count(note) == 2     # at the top of checkpoints 2 and 3


def test_root_cause_note_comes_first_and_only_when_an_earlier_checkpoint_failed():
    rendered = md(bool_version("en"), "en")
    section = rendered[rendered.index("### ✘ Checkpoint 2"):]
    assert section.index("Fix checkpoint 1 first") < section.index("An invalid proposal gets a ValueError.")
    view = feedback.build(uppercase_fingerprint("en"))
    assert [cp["root_cause"] for cp in view["checkpoints"]] == [None, None, "fingerprint"]
    assert "Fix checkpoint 2 first" in page(uppercase_fingerprint("en"), "en")
    checks = [check("v4", 1, "failed", tried="t", expected="e", got="g")] + passing("f", 2, 2) + passing("d", 3, 2)
    assert all(cp["root_cause"] is None for cp in feedback.build(result(checks))["checkpoints"])
    assert "Los eerst checkpoint" not in page(result(checks))


def test_parametrized_failures_are_grouped_with_three_cases_in_full():
    cases = [f"call-id-{n}" for n in range(41)]
    checks = [check(f"v3_bad_id_refused[{case}]", 1, "failed", tried=f"validate_ticket_proposal(call_id='{case}')",
                    expected="ValueError", got=f"returned {case}") for case in cases]
    res = result(checks + [check("v3_bad_id_refused[ok]", 1)] + passing("f", 2, 1) + passing("d", 3, 1), lang="en")
    (group,) = feedback.build(res)["checkpoints"][0]["failures"]
    assert (group["failed"], group["total"], len(group["cases"]), group["more"]) == (41, 42, 3, 38)
    for rendered in (shown(res, "en"), md(res, "en")):
        assert rendered.count("Rule of v3_bad_id_refused[call-id-0]") == 1   # one item, not 41
        assert "41 of 42 cases failed" in rendered and "38 more cases" in rendered
        assert all(f"validate_ticket_proposal(call_id='{case}')" in rendered for case in cases[:3])
        assert "call_id='call-id-3'" not in rendered


def test_passed_checks_are_collapsed_with_a_count():
    text = page(result(all_passing() + [check(f"v2_keys[{n}]", 1) for n in range(4)]))
    details = text[text.index("<details>"):text.index("</details>")]
    assert "(6)" in details and "(4 gevallen)" in details  # six checks, one of them with four cases


def test_missing_function_replaces_its_failures_with_one_line():
    checks = passing("v", 1, 3) + passing("f", 2, 2) + [
        check(f"d{n}", 3, "failed", tried="dispatch_ticket(...)", expected="a function",
              got="main.py defines no dispatch_ticket") for n in range(20)]
    res = result(checks, lang="en", notes=[{"kind": "missing-function", "name": "dispatch_ticket"}])
    for rendered in (shown(res, "en"), md(res, "en")):
        assert re.search(r"The function `?dispatch_ticket`? is missing", rendered)
        assert "none of the 20 checks" in rendered and "main.py defines no dispatch_ticket" not in rendered


LOAD_ERRORS = {  # kind: (problem fields, words that must appear per language)
    "syntax": (("invalid syntax", 12, 5, "    if x = 1:"),
               {"nl": ["Regel 12, kolom 5:", "syntaxfout", "if x = 1:"], "en": ["Line 12, column 5:", "syntax error"]}),
    "indentation": (("unexpected indent", 3, 4, "   return p"),
                    {"nl": ["Regel 3, kolom 4:", "inspringing"], "en": ["Line 3, column 4:", "indentation"]}),
    "policy": (('"__class__" is not an attribute a submission may use.', 7, None, "x.__class__"),
               {"nl": ["Regel 7:", "niet toestaat", "x.__class__"], "en": ["Line 7:", "does not allow"]}),
    "runtime": (("ZeroDivisionError: division by zero", 20, None, "print(1 / 0)"),
                {"nl": ["Regel 20:", "buiten je functies", "ZeroDivisionError: division by zero", "print(1 / 0)"],
                 "en": ["Line 20:", "outside your functions", "ZeroDivisionError: division by zero"]}),
    "missing-functions": (("validate_ticket_proposal, proposal_fingerprint, dispatch_ticket",),
                          {"nl": ["geen van de drie functies"], "en": ["none of the three functions"]}),
    "timeout": ((), {"nl": ["duurde te lang"], "en": ["took too long"]}),
    "crashed": (("signal SIGKILL",), {"nl": ["stopte onverwacht", "SIGKILL"], "en": ["stopped unexpectedly"]}),
    "encoding": (("the file contains NUL bytes",), {"nl": ["UTF-8", "NUL bytes"], "en": ["UTF-8", "NUL bytes"]}),
    "too-large": (("300000 bytes (limit 262144)",), {"nl": ["te groot"], "en": ["too large"]}),
    "empty": (("the file has no code",), {"nl": ["bevat geen code"], "en": ["contains no code"]}),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(LOAD_ERRORS))
def test_load_problems_are_explained_per_kind(kind, lang):
    fields, expected = LOAD_ERRORS[kind]
    res = load_error(kind, lang, *fields)
    for rendered in (shown(res, lang), md(res, lang)):
        assert all(words in rendered for words in expected[lang]), (kind, lang)
        assert i18n.MESSAGES["cp_not_graded"][lang] in rendered and "Score: 0/3" in rendered


def test_syntax_error_points_at_the_column_and_an_empty_file_is_one_line():
    assert "\tif x = 1:\n\t    ^\n" in md(load_error("syntax", "nl", "invalid syntax", 2, 6, "\tif x = 1:"))
    rendered = md(load_error("empty", "en", "the file has no code"), "en")
    assert rendered.count("contains no code") == 1 and "Message:" not in rendered


@pytest.mark.parametrize("lang", LANGS)
def test_notes_are_short_lines(lang):
    notes = [{"kind": "missing-function", "name": "dispatch_ticket"}, {"kind": "decoded-cp1252"},
             {"kind": "exit-called", "line": 30}, {"kind": "exit-called", "line": None},
             {"kind": "renamed-id", "from": "anna"}]
    rendered = md(result(all_passing(), lang=lang, student="anna-2", notes=notes), lang)
    text = {key: value[lang] for key, value in i18n.MESSAGES.items()}
    for line in (text["note_decoded_cp1252"], text["note_exit_called_nowhere"],
                 text["note_exit_called"].format(line=30),
                 text["note_renamed_id"].format(old="`anna`", id="`anna-2`"),
                 text["note_missing_function"].format(name="`dispatch_ticket`")):
        assert f"- {line}\n" in rendered


def test_every_message_exists_in_both_languages_with_the_same_placeholders():
    for key, texts in i18n.MESSAGES.items():
        assert set(texts) == set(i18n.LANGUAGES), key
        assert sorted(re.findall(r"{(\w+)}", texts["nl"])) == sorted(re.findall(r"{(\w+)}", texts["en"])), key


def test_html_page_is_self_contained_phone_ready_and_in_the_given_language():
    text = page(bool_version("nl"))
    assert 'name="viewport"' in text and "<style>" in text and "white-space: pre-wrap" in text
    assert not re.search(r"<script|<link|<img|src=|@import|url\(", text)
    headings = re.findall(r"<h([1-4])", text)
    assert headings.count("1") == 1 and headings[0] == "1"
    res = result(all_passing(), lang="en")
    assert '<html lang="en">' in page(res, "en") and "Feedback on your submission" in page(res, "en")
    assert '<html lang="nl">' in page(res, "nl") and "Feedback op je inzending" in page(res, "nl")


# Untrusted text. ---------------------------------------------------------------------------------

def own_script_removed(text: str) -> str:
    """The class page without its one inline script (the table's sorting and filtering)."""
    assert text.count("<script>") == 1 and "<script " not in text
    return re.sub(r"<script>\n// The student table.*?</script>", "", text, count=1, flags=re.S)


def hostile() -> dict:
    checks = [check("v1_x[c]", 1, "failed", tried=f"validate_ticket_proposal('{XSS}')", expected="ValueError",
                    got=f"gaf de fout ValueError: {XSS} ```\n`x`"),
              check("v1_y", 1, "error", error=f"Boom: {XSS}")] + passing("f", 2, 1) + passing("d", 3, 1)
    return result(checks, student=f"{XSS}`id`", output=f"{XSS}\n```\nnot code\u202e",
                  notes=[{"kind": "renamed-id", "from": XSS}])


def test_student_text_is_escaped_in_html_and_invisible_characters_shown():
    runtime = load_error("runtime", "nl", f"Exception: {XSS}", 1, None, f"raise Exception('{XSS}')")
    for rendered in (page(hostile()), page(runtime), own_script_removed(html.render_index(classview.summarize(document([hostile()]))))):
        assert "<script" not in rendered and "&lt;script&gt;" in rendered
    assert "\u202e" not in page(hostile()) and "\\u202e" in page(hostile())


def test_backticks_in_student_text_cannot_break_out_of_markdown_code():
    rendered = md(hostile())
    assert f"\n````text\n{XSS}\n```\nnot code\\u202e\n````\n" in rendered          # the output: one block
    assert f"\n  ````text\n  gaf de fout ValueError: {XSS} ```\n  `x`\n  ````\n" in rendered  # the got value
    assert f"`` {XSS}`id` ``" in rendered                                          # the id: longer fence, padded


@pytest.mark.parametrize("text, expected", [
    ("plain", "`plain`"), ("a`b", "``a`b``"), ("``x``", "``` ``x`` ```"), ("`", "`` ` ``"), ("a\nb", "`a ↵ b`"),
])
def test_code_fences_are_longer_than_any_backtick_run(text, expected):
    assert templating.inline_code(text) == expected
    assert templating.fenced_block("a\n````\nb").startswith("`````text\n")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_markdown_snapshot(name, lang):
    compare_snapshot(name, lang, md(MISTAKES[name](lang), lang))


def compare_snapshot(name: str, lang: str, rendered: str) -> None:
    """``rendered`` equals tests/snapshots/<name>.<lang>.md (rewritten first when UPDATE_SNAPSHOTS=1)."""
    path = SNAPSHOTS / f"{name}.{lang}.md"
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(rendered.encode("utf-8"))
    if not path.exists():
        pytest.fail(f"snapshot {path} is missing: run `UPDATE_SNAPSHOTS=1 python -m pytest tests/test_reports.py` "
                    "and review the new file")
    assert rendered == path.read_bytes().decode("utf-8"), \
        f"{path.name} differs; if the change is intended, regenerate with UPDATE_SNAPSHOTS=1 and review the diff"


@pytest.mark.parametrize("lang", LANGS)
def test_a_check_that_broke_off_is_not_shown_as_what_the_code_did(lang):
    # An error outcome is an exception in the check's own code as often as in the student's: the report
    # does not put it under "your code", and tells the student what to do if their code is not the cause.
    checks = passing("v", 1, 2) + [check("v11", 1, "error", error="KeyError: tickets")]
    said = i18n.MESSAGES["outcome_error"][lang].split("{error}")[0]
    for rendered in (shown(result(checks, lang=lang), lang), md(result(checks, lang=lang), lang)):
        section = rendered[rendered.index(said) - 200:rendered.index(said)]
        assert i18n.MESSAGES["got"][lang] not in section and i18n.MESSAGES["outcome"][lang] in section
