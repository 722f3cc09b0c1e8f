"""The class page: pass rates, the most failed checks first, scores, load errors, the student table, charts."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from grader.discover import safe_name
from grader.reports import chart, classview, html
from grader.score import verdicts
from grader.terminal import Progress

LONG_ID = "a-very-long-student-identifier-that-goes-on-and-on-without-any-space-to-break-it-at-all"


def record(check_id: str, checkpoint: int, outcome: str = "passed", clause: str = "V1", hidden: bool = False,
           detail: dict | None = None) -> dict:
    """A check record of results.json (texts already in one language)."""
    return {"id": check_id, "checkpoint": checkpoint, "clause": clause, "outcome": outcome,
            "message": f"Rule of {check_id.split('[')[0]}.", "hint": f"Hint for {check_id.split('[')[0]}.",
            "detail": detail, "error": None, "hidden": hidden}


def battery(failing: dict[str, dict] | None = None) -> list[dict]:
    """A small battery: every check passes except those in ``failing`` {id: overrides}."""
    ids = [("v1_fields", 1, "V1"), ("v4_bad_version[version-true]", 1, "V4"), ("v4_bad_version[version-none]", 1, "V4"),
           ("f2_hexdigest", 2, "F2"), ("d5_refused", 3, "D5"), ("x3_secret[a]", 3, "X3"), ("x3_secret[b]", 3, "X3")]
    failing = failing or {}
    return [record(i, cp, clause=clause, hidden=i.startswith("x3"), **failing.get(i, {})) for i, cp, clause in ids]


def result(student: str, checks: list[dict], status: str = "graded", problem: dict | None = None, **extra) -> dict:
    """One submission entry of results.json (format 1)."""
    checkpoints, score = verdicts(checks)
    if status != "graded":
        checkpoints, score = {k: {**v, "passed": False} for k, v in checkpoints.items()}, 0
    return {"id": student, "source": f"/nowhere/{student}/main.py", "sha256": "0" * 64, "status": status,
            "score": score, "max_score": 3, "load": {"problem": problem, "output": "", "notes": []},
            "checkpoints": checkpoints, **extra}


def failed(tried: str = "validate_ticket_proposal({'version': True})") -> dict:
    return {"outcome": "failed", "detail": {"tried": tried, "expected": "ValueError", "got": "returned: None"}}


def sample_document(lang: str = "en") -> dict:
    """A class of eight: passes, parametrized and hidden failures, load errors, an empty file, a long id."""
    syntax = {"kind": "syntax", "detail": "invalid syntax", "line": 1, "column": 4, "source": "def f("}
    no_checks = [{**r, "outcome": "not-run"} for r in battery()]
    submissions = [
        result("anna", battery(), name="Anna de Vries"),
        result("bram", battery({"v4_bad_version[version-true]": failed(), "v4_bad_version[version-none]": failed()})),
        result("chris", battery({"f2_hexdigest": failed("proposal_fingerprint(p)"),
                                 "x3_secret[b]": failed("dispatch_ticket('SECRET-INPUT')")}), name="Zoe\u0308 Smit"),
        result("dana", no_checks, "load-error", syntax),
        result("eve", no_checks, "load-error", syntax),
        result("fem", no_checks, "empty", {"kind": "empty", "detail": "", "line": None, "column": None, "source": None}),
        result(LONG_ID, battery({"v4_bad_version[version-true]": failed()})),
        result("gijs", battery({"d5_refused": {"outcome": "timeout"}})),
    ]
    return {"format": 1, "grader": "0.1.0", "battery": "abc", "lang": lang, "created": "2026-01-01T10:00:00+00:00",
            "submissions": submissions}


def visible(text: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<script>.*?</script>", "", text, flags=re.S)))


def test_failure_rate_per_check_groups_cases_and_puts_the_most_failed_first():
    checks = classview.check_failures(classview.summarize(sample_document()))
    by_id = {c["id"]: c for c in checks}
    assert checks[0]["id"] == "v4_bad_version"          # failed by bram and the long id: 2 of 5 loaded
    assert (by_id["v4_bad_version"]["failed"], by_id["v4_bad_version"]["total"], by_id["v4_bad_version"]["percent"]) \
        == (2, 5, 40)
    # chris's failure of x3 follows from a wrong digest (f2): the report blames checkpoint 2, and so does this count
    assert by_id["x3_secret"]["failed"] == 0 and by_id["x3_secret"]["hidden"]
    assert by_id["v1_fields"]["failed"] == 0 and checks[-1]["failed"] == 0
    assert [c["failed"] for c in checks] == sorted((c["failed"] for c in checks), reverse=True)



def test_a_check_counts_as_failed_only_where_the_report_shows_it_as_a_finding_of_its_own():
    # The class page lists the rules to explain again: a check that fails only because an earlier
    # checkpoint failed (on checkpoint 1's invalid input, or the digest), because its function is missing,
    # or that was not run at all, is not a finding about that check's rule (the student's report only lists
    # it); nor is a time-out (the loop is to blame, not the rule). Below "fix checkpoint 1 first", a failure on
    # other input is shown in full: it counts.
    inherited = failed("dispatch_ticket(q, ...)")
    inherited["detail"].update(cause="validation", case="version-true")
    validation = result("hana", battery({"v4_bad_version[version-true]": failed(), "d5_refused": inherited}))
    beside = result("olga", battery({"v4_bad_version[version-true]": failed(),
                                     "d5_refused": failed("dispatch_ticket(p, ...)")}))
    digest = result("ivo", battery({"f2_hexdigest": failed("proposal_fingerprint(p)"),
                                    "d5_refused": failed("dispatch_ticket(p, ...)")}))
    missing = result("jan", battery({"d5_refused": {"outcome": "error"}}))
    missing["load"]["notes"] = [{"kind": "missing-function", "name": "dispatch_ticket"}]
    not_run = result("kim", battery({"d5_refused": {"outcome": "not-run"}}))
    own = result("lex", battery({"d5_refused": failed("dispatch_ticket(p, ...)")}))
    looped = result("mia", battery({"d5_refused": {"outcome": "timeout"}}))
    document = {**sample_document(), "submissions": [validation, digest, missing, not_run, own, looped, beside]}
    by_id = {c["id"]: c for c in classview.check_failures(classview.summarize(document))}
    assert (by_id["d5_refused"]["failed"], by_id["d5_refused"]["total"]) == (2, 7)  # lex and olga
    assert by_id["v4_bad_version"]["failed"] == 2 and by_id["f2_hexdigest"]["failed"] == 1


def test_a_check_whose_failure_repeats_an_earlier_result_still_counts_as_failed():
    # The report lists such a check under "these checks fail with a result shown above" instead of in full;
    # the class page said "0 of 1 failed" for it although the student's code failed it.
    both = result("nina", battery({"d5_refused": failed("dispatch_ticket(p, ...)"),
                                   "x3_secret[a]": failed("dispatch_ticket('SECRET-INPUT')")}))
    document = {**sample_document(), "submissions": [both]}
    by_id = {c["id"]: c for c in classview.check_failures(classview.summarize(document))}
    assert (by_id["d5_refused"]["failed"], by_id["x3_secret"]["failed"]) == (1, 1)


def test_load_error_kinds_are_named_in_the_page_language_beside_their_code():
    text = visible(html.render_index(classview.summarize(sample_document("nl"))))
    assert "syntaxfout syntax" in " ".join(text.split())  # the table of kinds and a student's status
    assert "laadfout (syntaxfout, syntax )" in " ".join(text.split())  # not run together: "leeg geen code empty"

@pytest.mark.parametrize("lang, module, part, outside", [
    ("nl", "laadfout (module requests niet beschikbaar in de beoordelaar", "deel van Python dat de beoordelaar niet",
     "fout in de code buiten de functies"),
    ("en", "load error (module requests not available in the grader", "part of Python the grader does not offer",
     "error in the code outside the functions")])
def test_a_load_error_is_named_in_the_instructor_s_terms_with_the_module_the_grader_does_not_offer(
        lang, module, part, outside, capsys):
    """An import the grader refuses is no error in the student's code; the instructor's table does not say "your"."""
    def runtime(detail: str) -> dict:
        return {"kind": "runtime", "detail": detail, "line": 1, "column": None, "source": "import requests"}
    no_checks = [{**r, "outcome": "not-run"} for r in battery()]
    document = {**sample_document(lang), "submissions": [
        result("anna", no_checks, "load-error", runtime(
            "ModuleNotFoundError: import of 'requests' is not allowed in the grader (allowed: abc, json)")),
        result("bram", no_checks, "load-error", runtime(
            "TypeError: class C: __exit__ must be a plain def (no decorator) in the grader")),
        result("chris", no_checks, "load-error", runtime("ZeroDivisionError: division by zero"))]}
    text = " ".join(visible(html.render_index(classview.summarize(document))).split())
    Progress(3, lang, quiet=False).summary(document["submissions"], Path("out"))
    table = capsys.readouterr().out
    for said in (text, table):
        assert module in said and part in said and outside in said, said
        assert not re.search(r"\b(je|jouw|your)\b", said.split("anna")[-1]), said


def test_load_errors_by_kind_count_a_part_the_grader_does_not_offer_apart_from_errors_in_the_code():
    """The class page's count per kind: a refused import is no "error in the code outside the functions"."""
    def runtime(detail: str) -> dict:
        return {"kind": "runtime", "detail": detail, "line": 1, "column": None, "source": "x"}
    no_checks = [{**r, "outcome": "not-run"} for r in battery()]
    document = {**sample_document("en"), "submissions": [
        result("anna", no_checks, "load-error", runtime(
            "ModuleNotFoundError: import of 'requests' is not allowed in the grader (allowed: abc, json)")),
        result("bram", no_checks, "load-error", runtime(
            "AttributeError: os.system is not available in the grader: only a part of module os is offered")),
        result("chris", no_checks, "load-error", runtime("ZeroDivisionError: division by zero"))]}
    view = classview.build(classview.summarize(document))
    assert view["load_errors"] == [{"kind": "unavailable", "count": 2}, {"kind": "runtime", "count": 1}]
    shown = " ".join(visible(html.render_index(classview.summarize(document))).split())
    assert "part of Python the grader does not offer unavailable 2" in shown, shown

def test_pass_rates_scores_and_load_errors():
    view = classview.build(classview.summarize(sample_document()))
    assert [(r["number"], r["passed"], r["total"]) for r in view["rates"]] == [(1, 3, 8), (2, 4, 8), (3, 3, 8)]
    assert [(s["score"], s["count"]) for s in view["scores"]] == [(0, 3), (1, 1), (2, 3), (3, 1)]
    assert view["load_errors"] == [{"kind": "syntax", "count": 2}, {"kind": "empty", "count": 1}]
    assert view["graded"] == 5 and view["names"]
    assert [r["instructor"] for r in view["rows"]][:2] == ["instructor/anna.html", "instructor/bram.html"]


def test_the_class_page_shows_charts_tables_and_the_sortable_filterable_student_table():
    text = html.render_index(classview.summarize(sample_document()))
    assert text.count("<svg") == 3 and 'role="img"' in text
    shown = " ".join(visible(text).split())
    for words in ("Checkpoint 1: validate_ticket_proposal 3 of 8 (38%)", "Most failed checks", "V4 Rule of v4_bad_version.",
                  "2/5 (40%)", "0/3 3 of 8 (38%)", "Load errors by kind", "syntax", "Zoë Smit"):
        assert words in shown, words
    assert shown.index("v4_bad_version") < shown.index("f2_hexdigest")      # most failed first
    assert 'id="filters"' in text and 'type="search"' in text and 'data-col="0"' in text
    assert 'data-value="2"' in text and 'data-status="load-error"' in text
    assert "<script>" in text and " src=" not in text and "<link" not in text and "url(" not in text
    rows = re.findall(r'<tr data-status="[^"]+" data-search="[^"]*">\s*<th scope="row"[^>]*><a href="([^"]+)"', text)
    assert rows == [f"feedback/{safe_name(r['id'])}.html" for r in sample_document()["submissions"]]


def test_charts_escape_their_text_and_cut_long_labels():
    svg = str(chart.bars([chart.Bar("<script>" + "x" * 100, 0.5, "1/2 (50%)")], "T & <t>", "c1"))
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "T &amp; &lt;t&gt;" in svg
    assert "…" in svg and 'width="112.5"' in svg
    columns = str(chart.histogram([("0/3", 0), ("3/3", 4)], "Scores", "c2"))
    assert columns.count("<rect") == 2 and ">4</text>" in columns


def test_chart_tooltips_join_a_sentence_and_its_numbers_without_stray_punctuation():
    # A check's rule ends with a full stop; joined with ": " its tooltip read "Rule of v4_bad_version.: 2/5 (40%)".
    text = html.render_index(classview.summarize(sample_document()))
    titles = re.findall(r"<title>([^<]*)</title>", text)
    assert "V4 Rule of v4_bad_version: 2/5 (40%)" in titles
    assert not [title for title in titles if re.search(r"[.!?]:", title)], titles
    assert chart.caption("Is it valid?", "1/2") == "Is it valid? 1/2" and chart.caption("CP 1", "3/8") == "CP 1: 3/8"



def test_each_chart_is_shown_once_with_its_numbers_in_a_table_to_open():
    # The bars and the same numbers as lines of text under them were two visible copies of each chart.
    text = html.render_index(classview.summarize(sample_document()))
    assert '<ul class="summary">' not in text
    for section in ("rates", "scores"):
        part = text[text.index(f'<h2 id="{section}">'):]
        part = part[:part.index("</section>")]
        assert part.count("<svg") == 1 and "<details>" in part and '<th scope="row">' in part, section
    shown = " ".join(visible(text).split())
    assert "Checkpoint 1: validate_ticket_proposal 3 of 8 (38%)" in shown and "0/3 3 of 8 (38%)" in shown


def test_the_instructor_s_words_name_the_part_of_python_the_grader_does_not_offer():
    from grader.reports.load_reason import reason

    def said(detail: str) -> str | None:
        return reason({"kind": "runtime", "detail": detail}, "en")
    assert said("AttributeError: os.system is not available in the grader: only a part of module os is offered") == \
        "os.system not available in the grader"
    assert said("AttributeError: os.system is not available in the grader: module os is not offered (modules: x)") == \
        "module os not available in the grader"
    assert said("ImportError: cannot import name 'TypeGuard' from 'typing (in the grader only a vetted part of it)'") == \
        "typing.TypeGuard not available in the grader"
    assert said("ValueError: boom") == "error in the code outside the functions"
    assert reason({"kind": "syntax"}, "nl") == "syntaxfout" and reason(None, "nl") is None
