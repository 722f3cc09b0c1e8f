"""Class outputs and file naming of the reports: gradebook.csv, index.html, per-student file names."""

from __future__ import annotations

import csv
import io
import re
from html import unescape

import pytest

from grader import reports
from grader.discover import safe_name
from grader.reports import classview, gradebook, html, templating
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
