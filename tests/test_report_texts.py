"""The reports' and the terminal's texts read as sentences: notes, load problems, plurals, the files' own names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grader.reports import classview, feedback, html, i18n
from grader.terminal import Progress
from test_reports import LANGS, XSS, all_passing, check, document, load_error, md, page, passing, result, shown

ROOT = Path(__file__).parent.parent
MANY = [f"extra/file{n}.py" for n in range(60)]

# Every note the intake produces, with words its sentence must contain (file names, numbers).
NOTES = {
    "chosen-file": ({"kind": "chosen-file", "file": "src/opdracht.py", "rule": "another .py file",
                     "ignored": ["helpers.py", "oud/main_old.py"]},
                    ["src/opdracht.py", "helpers.py", "oud/main_old.py"]),
    "attempts": ({"kind": "attempts", "graded": "2026-01-03 10:00:00", "count": 3,
                  "others": ["2026-01-01 09:00:00", "2026-01-02 09:00:00"]}, ["2026-01-03 10:00:00", "3"]),
    "late": ({"kind": "late"}, []),
    "online-text": ({"kind": "online-text", "file": "text.html"}, ["text.html"]),
    "online-text-no-code": ({"kind": "online-text-no-code", "file": "text.html", "text": "zie bijlage"},
                            ["text.html", "zie bijlage"]),
    "notebook": ({"kind": "notebook", "file": "main.ipynb", "cells": [[1, 1, 3]], "replaced": 2}, ["main.ipynb", "2"]),
    "notebook-unreadable": ({"kind": "notebook-unreadable", "detail": "not a notebook: JSONDecodeError"},
                            ["JSONDecodeError"]),
    "archive-unreadable": ({"kind": "archive-unreadable", "file": "werk.zip", "detail": "bad zip"},
                           ["werk.zip", "bad zip"]),
    "file-unreadable": ({"kind": "file-unreadable", "file": "main.py", "detail": "Permission denied"},
                        ["main.py", "Permission denied"]),
    "archive-member-refused": ({"kind": "archive-member-refused", "file": "werk.zip/data.bin", "size": 70000000},
                               ["werk.zip/data.bin"]),
    "too-many-files": ({"kind": "too-many-files", "folder": "anna", "limit": 2000}, ["anna", "2000"]),
    "folder-unreadable": ({"kind": "folder-unreadable", "folder": "src", "detail": "Permission denied"},
                          ["src", "Permission denied"]),
    "decoded-utf16": ({"kind": "decoded-utf16"}, ["UTF-16"]),
    "notebook-stopped": ({"kind": "notebook-stopped", "cell": 4, "line": 2, "source": "validate_ticket_proposal({})",
                          "detail": "ValueError: lege invoer"}, ["4", "2", "ValueError: lege invoer"]),
    "cpu-budget": ({"kind": "cpu-budget", "seconds": 300}, ["300"]),
    "syntax-warning": ({"kind": "syntax-warning", "line": 12, "cell": None,
                        "detail": '"is" with a literal. Did you mean "=="?'}, ["12", "=="]),
    "no-code-file": ({"kind": "no-code-file", "found": ["README.txt"]}, ["README.txt"]),
    "duplicate-member": ({"kind": "duplicate-member", "file": "src/main.py", "count": 3}, ["src/main.py", "3"]),
}


def produced_note_kinds() -> set[str]:
    """Every note kind the intake and the loader write (``{"kind": "..."`` in their source)."""
    kinds = set()
    for path in [*(ROOT / "grader" / "discover").rglob("*.py"), ROOT / "grader" / "sandbox" / "loader.py"]:
        kinds |= set(re.findall(r'\{\*?\*?\w*,?\s*"kind": "([a-z0-9-]+)"', path.read_text(encoding="utf-8")))
    return kinds


def test_every_note_kind_the_intake_produces_has_a_sentence():
    kinds = produced_note_kinds()
    assert {"chosen-file", "attempts", "late", "notebook", "no-code-file", "missing-function"} <= kinds
    assert kinds <= set(NOTES) | {"missing-function", "decoded-cp1252", "exit-called", "renamed-id"}
    assert all(feedback.build(result(all_passing(), notes=[{"kind": kind}]))["notes"][0]["kind"] == kind
               for kind in kinds)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(NOTES))
def test_intake_notes_are_sentences_with_their_details(kind, lang):
    note, words = NOTES[kind]
    res = result(all_passing(), lang=lang, notes=[note])
    for rendered in (shown(res, lang), md(res, lang)):
        assert "Opmerking:" not in rendered and "Note:" not in rendered and f"`{kind}`" not in rendered
        assert all(word in rendered for word in words), (kind, lang)
        notes = rendered[rendered.index(i18n.MESSAGES["notes"][lang]):]
        assert re.search(r"[a-z]{4,} [a-z]{2,} [a-z]{2,}", notes), notes  # words, not a code


def test_a_late_attempt_is_said_to_be_late():
    notes = [NOTES["attempts"][0], {"kind": "late"}]
    assert "te laat" in shown(result(all_passing(), notes=notes))
    assert "late" in md(result(all_passing(), lang="en", notes=notes), "en").split("Notes", 1)[1]


def test_long_file_lists_in_notes_are_cut_and_file_names_escaped():
    chosen = {"kind": "chosen-file", "file": f"{XSS}.py", "rule": "another .py file", "ignored": MANY}
    for lang in LANGS:
        res = result(all_passing(), lang=lang, notes=[chosen])
        rendered = page(res, lang)
        assert "<script>" not in rendered and "&lt;script&gt;" in rendered
        for text in (shown(res, lang), md(res, lang)):
            assert "file4.py" in text and "file5.py" not in text  # the files left out: a few (note_views.LEFT_OUT_NAMES)
            assert ("nog 55 bestanden" if lang == "nl" else "55 more") in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_submission_without_code_says_so_and_lists_what_was_there(lang):
    res = load_error("empty", lang, "the file has no code")
    res["load"]["notes"] = [NOTES["no-code-file"][0]]
    res["graded_file"] = None
    for rendered in (shown(res, lang), md(res, lang)):
        assert "README.txt" in rendered and "main.py" not in rendered, rendered
        assert rendered.count("README.txt") == 1
    res["load"]["notes"] = [{"kind": "no-code-file", "found": []}]
    assert "main.py" not in md(res, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("note", [{"kind": "notebook-unreadable", "detail": "not a notebook: JSONDecodeError"},
                                  {"kind": "archive-unreadable", "file": "hand-in.zip", "detail": "encrypted"},
                                  {"kind": "archive-member-refused", "file": "main.py", "size": 2**31},
                                  {"kind": "folder-unreadable", "folder": "src", "detail": "Permission denied"}])
def test_an_unreadable_file_is_not_called_a_file_without_code(lang, note):
    res = load_error("empty", lang, "the file has no code")
    res["load"]["notes"] = [note]
    for rendered in (shown(res, lang), md(res, lang)):
        assert ("could not be read" if lang == "en" else "kon niet worden gelezen") in rendered
        assert "only blank lines" not in rendered and "alleen lege regels" not in rendered


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_chosen_but_unreadable_is_not_said_to_be_graded(lang):
    res = load_error("unreadable", lang, "not valid notebook JSON")
    res["graded_file"] = "main.ipynb"
    res["load"]["notes"] = [{"kind": "chosen-file", "file": "main.ipynb", "rule": 4, "ignored": []},
                            {"kind": "notebook-unreadable", "detail": "not valid notebook JSON"}]
    for rendered in (shown(res, lang), md(res, lang)):
        assert "could not be read" in rendered if lang == "en" else "kon niet worden gelezen" in rendered
        assert "main.ipynb" in rendered and not re.search(r"was graded|Beoordeeld is", rendered), rendered


@pytest.mark.parametrize("lang", LANGS)
def test_an_unavailable_part_of_python_is_not_called_failing_test_code(lang):
    res = load_error("runtime", lang, "ImportError: cannot import name 'TypeGuard' from 'typing (in the grader only "
                     "a vetted part of it)'", 2, None, "from typing import TypeGuard")
    for rendered in (shown(res, lang), md(res, lang)):
        assert ("does not offer" if lang == "en" else "niet aanbiedt") in rendered
        assert "TypeGuard" in rendered and "Remove test code" not in rendered and "Verwijder testcode" not in rendered


@pytest.mark.parametrize("lang", LANGS)
def test_a_notebook_load_error_names_the_cell_and_its_line(lang):
    res = load_error("syntax", lang, "invalid syntax", 103, 5, "    if x = 1:")
    res["load"]["problem"].update(cell=7, cell_line=4)
    res["graded_file"] = "main.ipynb"
    # The cell is counted as the notebook shows them, Markdown cells too: "Cel 7" left a student counting
    # only the code cells (or the In [7] of the last run) at the wrong cell.
    where = {"nl": "Cel 7 van boven (alle cellen geteld, ook Markdown), regel 4, kolom 5",
             "en": "Cell 7 from the top (counting every cell, Markdown too), line 4, column 5"}[lang]
    for rendered in (shown(res, lang), md(res, lang)):
        assert where in rendered and "103" not in rendered
    out = self_check(res, lang)
    assert {"nl": "cel 7 van boven (alle cellen geteld, ook Markdown), regel 4",
            "en": "cell 7 from the top (counting every cell, Markdown too), line 4"}[lang] in out and "103" not in out


def test_the_caret_is_on_the_line_under_the_code_in_html():
    res = load_error("syntax", "nl", "expected ':'", 12, 5, "def f(p)")
    assert "<code>def f(p)\n    ^</code>" in page(res)


def test_the_instructor_view_keeps_its_main_element(tmp_path):
    view = feedback.build(result(all_passing(), lang="en"), reveal=True)
    text = html.write_instructor_view(view, "anna", tmp_path, "en").read_text(encoding="utf-8")
    assert "&lt;main&gt;" not in text and text.count("<main>") == 1
    assert re.search(r'<main>\s*<div class="note" role="note">Instructor view', text)


# The terminal. -----------------------------------------------------------------------------------

def self_check(res: dict, lang: str) -> str:
    """What a student's own run prints for ``res``."""
    import io
    import sys
    saved, sys.stdout = sys.stdout, io.StringIO()
    try:
        Progress(1, lang, quiet=True).self_check(res, Path("out"))
        return sys.stdout.getvalue()
    finally:
        sys.stdout = saved


def terminal_result(checks, lang="nl", notes=(), graded_file="eva.py") -> dict:
    res = result(checks, lang=lang, student="eva", notes=notes)
    res["graded_file"] = graded_file
    for cp in res["checkpoints"].values():
        for record in cp["checks"]:
            record.setdefault("hidden", False)
    return res


@pytest.mark.parametrize("digest_wrong", [True, False])
def test_the_self_check_names_checkpoint_2_too_when_validation_and_digest_both_fail(digest_wrong):
    checks = [check("v4", 1, "failed", clause="V4", tried="t", expected="e", got="g"),
              check("f1", 2, "failed" if digest_wrong else "passed", clause="F1", tried="t", expected="e", got="g"),
              check("d12", 3, "failed", clause="D12", tried="t", expected="ValueError", got="g")]
    out = self_check(terminal_result(checks), "nl")
    assert "los eerst checkpoint 1 op" in out
    assert ("ook checkpoint 2 slaagt nog niet" in out) is digest_wrong


def test_a_report_shows_five_failed_checks_in_full_and_lists_the_rest_but_the_instructor_sees_all():
    checks = [check(f"v{n}", 1, "failed", clause="V3", tried="t", expected="e", got=f"g{n}") for n in range(7)] + \
        passing("f", 2, 1) + passing("d", 3, 1)
    student = feedback.build(result(checks))["checkpoints"][0]
    assert len(student["failures"]) == 5 and [item["cause"] for item in student["grouped"]] == ["more", "more"]
    assert "Ook deze controles mislukken" in md(result(checks), "nl")
    teacher = feedback.build(result(checks), reveal=True)["checkpoints"][0]
    assert len(teacher["failures"]) == 7 and not teacher["grouped"]


def test_the_self_check_says_outcomes_and_load_problems_in_words():
    checks = passing("v", 1, 1) + [check("v9", 1, "timeout"), check("v10", 1, "not-run", clause="V10")] + \
        passing("f", 2, 1) + passing("d", 3, 1)
    out = self_check(terminal_result(checks), "nl")
    assert "timeout" not in out and "not-run" not in out and "niet op tijd klaar" in out
    for kind, words in (("runtime", "fout"), ("indentation", "inspringing"), ("syntax", "syntaxfout")):
        res = load_error(kind, "nl", "boom", 3, None, "x")
        res["graded_file"] = "eva.py"
        out = self_check(res, "nl")
        assert f"({kind})" not in out and words in out, out


def test_gradescope_says_outcomes_in_words():
    from grader.reports import gradescope
    checks = [check("v9", 1, "timeout"), check("v10", 1, "not-run", clause="V10")] + passing("f", 2, 1) + \
        passing("d", 3, 1)
    output = gradescope.render(result(checks), "nl")["tests"][0]["output"]
    assert "niet op tijd klaar" in output and "Niet uitgevoerd" in output
    assert ": timeout" not in output and "not-run" not in output



@pytest.mark.parametrize("lang, memory, stopped", [
    ("nl", "te veel geheugen", "herhaaldelijk te veel geheugen"), ("en", "too much memory", "repeatedly used too much memory")])
def test_memory_exhaustion_and_the_checks_it_stopped_say_so_everywhere(lang, memory, stopped):
    from grader.reports import gradescope
    checks = passing("v", 1, 1) + [check("v9", 1, "memory", tried="validate_ticket_proposal(p)"),
                                   check("v10", 1, "not-run", clause="V10", error="after-memory")] + \
        passing("f", 2, 1) + passing("d", 3, 1)
    res = terminal_result(checks, lang=lang)
    for said_there in (shown(res, lang), md(res, lang), self_check(res, lang),
                       gradescope.render(result(checks, lang=lang), lang)["tests"][0]["output"]):
        assert memory in said_there and stopped in said_there, said_there
        assert "time-out" not in said_there and "`?`" not in said_there and "after-memory" not in said_there
    assert "validate_ticket_proposal(p)" in md(res, lang) and "validate_ticket_proposal(p)" in self_check(res, lang)


@pytest.mark.parametrize("lang, budget, note", [("nl", "rekentijd voor alle controles samen", "meer dan 300 seconden"),
                                                ("en", "CPU time for all checks together", "more than 300 seconds")])
def test_checks_not_run_after_the_cpu_budget_say_so_everywhere(lang, budget, note):
    from grader.reports import gradescope
    checks = passing("v", 1, 1) + [check("v10", 1, "not-run", clause="V10", error="cpu-budget")] + \
        passing("f", 2, 1) + passing("d", 3, 1)
    notes = [{"kind": "cpu-budget", "seconds": 300}]
    res = terminal_result(checks, lang=lang, notes=notes)
    for said_there in (shown(res, lang), md(res, lang), self_check(res, lang),
                       gradescope.render(result(checks, lang=lang, notes=notes), lang)["tests"][0]["output"]):
        assert budget in said_there and "time-out" not in said_there and "cpu-budget" not in said_there
    assert note in shown(res, lang) and note in md(res, lang)



@pytest.mark.parametrize("lang, counts, failed, passes", [
    ("nl", "2 van 4 controles geslaagd", "2 van de 4 controles mislukt", "Geslaagde controles bekijken (2)"),
    ("en", "2 of 4 checks passed", "2 of the 4 checks failed", "Show the passed checks (2)")])
def test_a_checkpoint_counts_its_checks_not_their_cases(lang, counts, failed, passes):
    # A parametrized check is one check with several cases: the counts say checks, as the list of
    # checks below them does (each with its cases), and as the class page does.
    checks = passing("v", 1, 2) + [check("v3_keys[a]", 1, "failed", tried="t", expected="e", got="g"),
                                   check("v3_keys[b]", 1), check("v3_keys[c]", 1),
                                   check("v4_limit[a]", 1, "failed", tried="t", expected="e", got="g"),
                                   check("v4_limit[b]", 1, "failed", tried="t", expected="e", got="g")] + \
        passing("f", 2, 1) + passing("d", 3, 1)
    res = terminal_result(checks, lang=lang)
    assert counts in shown(res, lang) and counts in md(res, lang) and passes in shown(res, lang)
    assert failed in self_check(res, lang)


@pytest.mark.parametrize("lang, more, passes", [("nl", "... en nog 2 mislukte controles", "Geslaagde controles bekijken (1)"),
                                                ("en", "... and 2 more failed checks", "Show the passed checks (1)")])
def test_what_is_left_out_and_what_passed_count_checks_too(lang, more, passes):
    # Five failed checks of two cases each, one with a passing case: the terminal shows three and
    # says two more (not seven cases); the report's passed list holds only the check that passed whole.
    checks = passing("v", 1, 1) + [check(f"v{n}_rule[{case}]", 1, "failed", tried="t", expected="e", got=f"g{n}")
                                   for n in range(2, 7) for case in "ab"] + [check("v7_rule[c]", 1)] + \
        passing("f", 2, 1) + passing("d", 3, 1)
    checks[-3] = check("v6_rule[c]", 1)
    res = terminal_result(checks, lang=lang)
    assert more in self_check(res, lang)
    page_text = shown(res, lang)
    passed_list = page_text[page_text.index(passes):]
    assert "v6_rule" not in passed_list.split("Checkpoint 2")[0]

# Singular and plural. ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang, one, two", [("nl", "(1 geval)", "(2 gevallen)"), ("en", "(1 case)", "(2 cases)")])
def test_one_case_is_said_in_the_singular(lang, one, two):
    res = result(all_passing() + [check("v2_keys[a]", 1)], lang=lang)
    assert one in shown(res, lang)
    res = result(all_passing() + [check("v2_keys[a]", 1), check("v2_keys[b]", 1)], lang=lang)
    assert two in shown(res, lang)


@pytest.mark.parametrize("lang, words", [("nl", ("1 inzending.", "1 van 1 (100%)")),
                                         ("en", ("1 submission.", "1 of 1 (100%)"))])
def test_the_class_page_counts_one_submission_in_the_singular(lang, words):
    text = re.sub(r"<[^>]+>", "", html.render_index(classview.summarize(document([result(all_passing())], lang))))
    assert all(word in text for word in words), text


def test_the_terminal_counts_in_singular_and_plural(capsys):
    progress = Progress(1, "nl", quiet=True)
    progress.summary([result(all_passing())], Path("out"))
    checks = [check(f"v{n}", 1, "failed", tried="t", expected="e", got=f"g{n}") for n in range(4)] + \
        passing("f", 2, 1) + passing("d", 3, 1)
    progress.self_check(terminal_result(checks), Path("out"))
    out = capsys.readouterr().out
    assert "1 inzending beoordeeld" in out and "(en)" not in out
    assert "nog 1 mislukte controle;" in out and "(s)" not in out
    english = Progress(2, "en", quiet=True)
    english.summary([result(all_passing()), result(all_passing(), student="bob")], Path("out"))
    assert "2 submissions graded" in capsys.readouterr().out



def test_a_load_problem_s_line_is_not_put_in_brackets_that_its_code_would_seem_to_close():
    res = load_error("syntax", detail="'(' was never closed", line=60, source="def _is_ticket(value")
    res["graded_file"] = "kapot.py"
    first = self_check(res, "nl").splitlines()[0]
    assert first == "kapot.py kon niet worden geladen (syntaxfout): '(' was never closed — regel 60: def _is_ticket(value"


# The tried code and the expected values of checkpoint 3. ------------------------------------------

def test_the_tried_code_names_the_log_completed_as_the_texts_do():
    from checks.dispatching import Scene
    scene = Scene(None)
    scene.lines.append("r = dispatch_ticket(p, 'learner', {H(p)}, state, completed)")
    scene.assign("log", {"c1": None})
    assert "completed = {'c1': None}" in scene.tried() and not re.search(r"\blog\b", scene.tried())


def test_an_expected_print_is_shown_without_a_comment_sign():
    from checks.dispatching import Scene
    from checks.test_checkpoint3_worked_examples import expect_printed
    from grader.battery import Mismatch
    scene = Scene(None)
    expect_printed(scene, "print(r['status'])", "ok", "ok")  # a print that showed what it should stays, with that
    with pytest.raises(Mismatch) as found:
        expect_printed(scene, "print(r['replayed'], state['version'])", "True 1", True, 2)
    expected = found.value.detail["expected"]
    assert all(not text.lstrip().startswith("#") and "True 1" in text
               for text in (expected.values() if isinstance(expected, dict) else [expected]))
    assert found.value.detail["tried"].endswith("print(r['status'])  # ok\nprint(r['replayed'], state['version'])")



def test_a_print_that_reads_a_missing_key_stops_with_keyerror_and_shows_nothing():
    # The lesson's print(r['replayed'], state['version']) raises KeyError when r has no 'replayed': it never
    # shows "KeyError 1".
    from checks.dispatching import MISSING, Scene
    from checks.test_checkpoint3_worked_examples import expect_printed
    from grader.battery import Mismatch
    with pytest.raises(Mismatch) as found:
        expect_printed(Scene(None), "print(r['replayed'], state['version'])", "True 1", MISSING, 1)
    got = found.value.detail["got"]
    assert "KeyError" in got["nl"] and "KeyError" in got["en"] and "1" not in got["nl"] + got["en"]

@pytest.mark.parametrize("lang", LANGS)
def test_a_report_names_the_student_when_the_id_is_an_lms_number(lang):
    res = result(lang=lang)
    res["id"], res["name"] = "12348", "Anouk <b>Jansen</b>"
    assert "(Anouk <b>Jansen</b>)" in shown(res, lang) and "<b>Jansen" not in page(res, lang)
    assert "(`Anouk <b>Jansen</b>`)" in md(res, lang)
    res["name"] = "12348"
    assert "(12348)" not in shown(res, lang)


@pytest.mark.parametrize("lang, where", [("nl", "**Regel 6:**"), ("en", "**Line 6:**")])
def test_a_module_body_that_ran_out_of_time_names_the_line_it_was_busy_at(lang, where):
    # The report said only that loading took too long; the line of the loop was known to the child.
    report = md(load_error("timeout", detail="10 s", line=6, source="x += 1"), lang)
    assert where in report and "x += 1" in report and "10 s" not in report


@pytest.mark.parametrize("lang, said", [("nl", "(2 van 3 gevallen mislukt, het eerste:)"),
                                        ("en", "(2 of 3 cases failed, the first:)")])
def test_the_terminal_counts_a_checks_failed_cases_out_of_all_as_the_report_does(lang, said):
    checks = [check(f"v4_rule[{n}]", 1, "failed", tried="t", expected="e", got=f"g{n}") for n in range(2)] + \
        [check("v4_rule[2]", 1)] + passing("f", 2, 1) + passing("d", 3, 1)
    assert said in self_check(terminal_result(checks, lang=lang), lang)


@pytest.mark.parametrize("lang, said", [("nl", "(dat deel voert de beoordelaar niet uit)"),
                                        ("en", "(the grader does not run that part)")])
def test_a_load_error_in_top_level_code_says_where_demo_code_can_stay(lang, said):
    rendered = md(load_error("runtime", lang, detail="ZeroDivisionError: division by zero"), lang)
    assert 'if __name__ == "__main__":' in rendered and said in rendered, rendered
