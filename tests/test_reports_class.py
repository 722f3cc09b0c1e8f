"""Class outputs and file naming of the reports: gradebook.csv, index.html, per-student file names."""

from __future__ import annotations

import csv
import io
import re
from html import unescape

import pytest

from grader import reports
from grader.class_notes import ClassNotes
from grader.discover import safe_name
from grader.reports import classview, gradebook, html, templating
from grader.terminal import Progress
from test_reports import (all_passing, bool_version, check, document, hostile, load_error, md, own_script_removed, page,
                          passing, result, uppercase_fingerprint)

def test_ids_become_file_names_only_through_safe_name(tmp_path):
    res = hostile()
    reports.write_submission(res, tmp_path, "nl")
    files = sorted(path.name for path in (tmp_path / "feedback").iterdir())
    assert files == [f"{safe_name(res['id'])}.html", f"{safe_name(res['id'])}.md"]
    assert all(re.fullmatch(r"[A-Za-z0-9._-]+", name) for name in files)


# Class outputs. ----------------------------------------------------------------------------------

def class_document() -> dict:
    formulas = ['=HYPERLINK("http://x")', "-2+3", "@SUM(A1)", "+1"]
    return document([result(all_passing()), bool_version("nl"), uppercase_fingerprint("nl"),
                     *(result(all_passing(), student=name) for name in formulas),
                     load_error("syntax", "nl", "x", 1, 1, "x")])


def test_gradebook_columns_bom_and_formula_neutralisation(tmp_path):
    reports.write_class(class_document(), tmp_path)
    raw = (tmp_path / "gradebook.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert table[:4] == [["id", "checkpoint_1", "checkpoint_2", "checkpoint_3", "score", "max_score", "status",
                          "status_text"],
                         ["anna", "1", "1", "1", "3", "3", "graded", "beoordeeld"],
                         ["bool-version", "0", "0", "0", "0", "3", "graded", "beoordeeld"],
                         ["upper-fp", "1", "0", "0", "1", "3", "graded", "beoordeeld"]]
    assert [row[0] for row in table[4:8]] == ["'=HYPERLINK(\"http://x\")", "'-2+3", "'@SUM(A1)", "'+1"]
    assert table[8] == ["anna", "0", "0", "0", "0", "3", "load-error", "laadfout"] and len(table) == 9
    assert [gradebook.neutralise(v) for v in (3, "anna", "a=b", "\tx")] == [3, "anna", "a=b", "'\tx"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gradebook.csv", "index.html", "results.json"]


def test_index_links_every_student_page_and_shows_pass_rates(tmp_path):
    doc = class_document()
    doc["submissions"].append(hostile())
    reports.write_class(doc, tmp_path)
    for res in doc["submissions"]:
        reports.write_submission(res, tmp_path, "nl")
    text = (tmp_path / "index.html").read_text(encoding="utf-8")
    hrefs = re.findall(r'<a [^>]*href="([^"]+)"', text)
    assert '<html lang="nl">' in text
    assert len(re.findall(r'<th scope="(?:col|row)"', text)) == len(re.findall(r"<th[ >]", text)) > 0
    assert [href for href in hrefs if href.endswith(".html")] == \
        [f"feedback/{safe_name(res['id'])}.html" for res in doc["submissions"]]
    assert all((tmp_path / href).is_file() for href in hrefs)
    visible = unescape(re.sub(r"<[^>]+>", "", text))
    shown = " ".join(visible.split())
    assert "Checkpoint 1: validate_ticket_proposal 6 van 9 (67%)" in shown
    assert "Checkpoint 2: proposal_fingerprint 6 van 9 (67%)" in shown
    assert "✔ ja" in visible and "✘ nee" in visible and "laadfout" in visible
    assert 'name="viewport"' in text and "<script" not in own_script_removed(text) and " src=" not in text



@pytest.mark.parametrize("lang, none, uncounted", [
    ("nl", "Geen enkele controle mislukte.", "ontbrekende functie"), ("en", "No check failed.", "missing function")])
def test_the_index_does_not_say_no_check_failed_beside_a_failed_checkpoint_it_does_not_count(lang, none, uncounted):
    # proposal_fingerprint is missing: its checks are not counted, so the list was empty and said "no check failed",
    # while the table showed "✘ nee" for that checkpoint.
    checks = passing("v", 1, 2) + [check("f_1", 2, "failed", tried="t", expected="e", got="g")] + passing("d", 3, 1)
    missing = result(checks, lang=lang, notes=[{"kind": "missing-function", "name": "proposal_fingerprint"}])
    text = html.render_index(classview.summarize(document([result(all_passing(), lang=lang, student="bo"), missing],
                                                          lang)))
    visible = " ".join(unescape(re.sub(r"<[^>]+>", "", text)).split())
    assert none not in visible and uncounted in visible, visible
    text = html.render_index(classview.summarize(document([result(all_passing(), lang=lang)], lang)))
    assert none in " ".join(unescape(re.sub(r"<[^>]+>", "", text)).split())


def test_templates_are_compiled_once():
    assert templating.template("feedback.html") is templating.template("feedback.html")
    before = templating.environment.cache_info().misses
    page(bool_version("nl")), md(bool_version("nl")), html.render_index(classview.summarize(class_document()))
    assert templating.environment.cache_info().misses == before
    env = templating.environment()
    assert env.autoescape("feedback.html") and env.autoescape("index.html") and not env.autoescape("feedback.md")


# Markdown snapshots. -----------------------------------------------------------------------------


def text_cell_class(lang: str) -> dict:
    """A class document of three: anna (all passed), bram (dispatch_ticket in a Markdown cell, checkpoint 3 failed)
    and cees (none of the three in a code cell: two in a raw and a Markdown cell, a load error)."""
    checks = passing("v", 1, 2) + passing("f", 2, 1) + [check("d_1", 3, "failed", tried="t", expected="e", got="g")]
    bram = result(checks, lang=lang, student="bram", notes=[{"kind": "missing-function", "name": "dispatch_ticket",
                                                             "text_cell": 6, "cell_type": "markdown"}])
    cees = {**load_error("missing-functions", lang), "id": "cees"}
    cees["load"]["problem"]["text_cells"] = [[2, "raw", "validate_ticket_proposal"], [5, "markdown", "dispatch_ticket"]]
    return classview.summarize(document([result(all_passing(), lang=lang), bram, cees], lang))


def text_cell_rows(lang: str) -> dict[str, str]:
    """The rows of :func:`text_cell_class`'s index.html as plain text, by student id."""
    text = html.render_index(text_cell_class(lang))
    return {re.search(r'href="feedback/(\w+)\.html"', row).group(1): " ".join(unescape(re.sub(r"<[^>]+>", " ", row)).split())
            for row in re.findall(r"<tr data-status.*?</tr>", text, flags=re.S)}


TEXT_CELLS = {"nl": ("dispatch_ticket (cel 6, Markdown-cel)", "validate_ticket_proposal (cel 2, Raw-cel)", "uitgevoerd"),
              "en": ("dispatch_ticket (cell 6, Markdown cell)", "validate_ticket_proposal (cell 2, raw cell)", "run")}


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_class_overview_says_which_functions_are_in_a_notebook_s_text_cells(lang):
    # Only the student's report said that dispatch_ticket was written in a Markdown cell (text, never run): the class
    # page showed a failed checkpoint (or "none of the three functions"), and the instructor had to open each report.
    rows = text_cell_rows(lang)
    one, raw, ran = TEXT_CELLS[lang]
    assert one in rows["bram"] and ran in rows["bram"] and "Raw" not in rows["bram"], rows["bram"]
    assert raw in rows["cees"] and one.replace("6", "5") in rows["cees"], rows["cees"]
    assert "dispatch_ticket" not in rows["anna"]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_class_run_says_after_its_summary_which_functions_are_in_a_notebook_s_text_cells(capsys, lang):
    # The terminal said a notebook cell that stopped loading, but not a function written in a Markdown or raw cell.
    notes = ClassNotes()
    for summary in text_cell_class(lang)["submissions"]:
        notes.add(summary["id"], summary)
    notes.say(Progress(3, lang, quiet=True), text_cell_class(lang), [], [])
    said = capsys.readouterr().err.splitlines()
    one, raw, ran = TEXT_CELLS[lang]
    assert len(said) == 2 and said[0].startswith("grade: ") and "bram: " + one in said[0] and ran in said[0], said
    assert "cees: " + raw in said[1] and one.replace("6", "5") in said[1], said


@pytest.mark.parametrize("lang, one, several", [("nl", "In een tekstcel van", "In tekstcellen van"),
                                                ("en", "In a text cell of", "In text cells of")])
def test_the_class_overview_says_text_cell_in_the_plural_when_the_functions_are_in_several(lang, one, several):
    # cees's functions lie in cell 2 and cell 5, yet the page said "In een tekstcel" (in one text cell).
    rows = text_cell_rows(lang)
    assert one in rows["bram"] and several not in rows["bram"], rows["bram"]
    assert several in rows["cees"] and one not in rows["cees"], rows["cees"]
