"""``grade report`` and similarity.html: the comparison grade made is kept or its narrowing explained, and
index.html links a similarity page only when it belongs to the results it shows; the notes a class run said."""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT, run_grade
from grader.reports import copies
from test_instructor_class import sample_document

STUDENTS = ("anouk-jansen", "bram-meijer", "daan-de-vries")


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> Path:
    """A class graded into ``out``: three folders and José-2.zip, a copy of bram's main.py (an archive member
    grade report cannot read back). Graded from the class's parent folder: ``source`` paths are relative to it."""
    base = tmp_path_factory.mktemp("class")
    for student in STUDENTS:
        shutil.copytree(ROOT / "submissions" / student, base / "klas" / student)
    with zipfile.ZipFile(base / "klas" / "José-2.zip", "w") as archive:
        archive.write(ROOT / "submissions" / "bram-meijer" / "main.py", "main.py")
    done = run_grade("klas", "--out", "out", "--quiet", cwd=base)
    assert done.returncode == 0, done.stderr
    assert pairs(base / "out") == {("bram-meijer", "José-2")}
    return base


def copy(graded: Path, tmp_path: Path) -> Path:
    """A copy of the graded class and its outputs in ``tmp_path``; returns the folder grade ran in."""
    shutil.copytree(graded, tmp_path / "run")
    return tmp_path / "run"


def pairs(out: Path) -> set[tuple[str, str]]:
    return {(p["a"], p["b"]) for p in json.loads((out / "similarity.json").read_text(encoding="utf-8"))["pairs"]}


def link(out: Path) -> str | None:
    """The text of index.html's link to similarity.html, or None."""
    found = re.search(r'<a href="similarity.html">([^<]*)</a>', (out / "index.html").read_text(encoding="utf-8"))
    return found.group(1) if found else None


def test_report_in_place_keeps_the_comparison_grade_made_and_says_why(graded, tmp_path):
    # grade report could not read José-2's file back (inside an archive): it rewrote similarity.html without the
    # pair bram/José-2, listing José-2 as "not compared", and said nothing on the terminal.
    run = copy(graded, tmp_path)
    done = run_grade("report", "out", cwd=run)
    assert done.returncode == 0, done.stderr
    assert pairs(run / "out") == {("bram-meijer", "José-2")}
    assert json.loads((run / "out" / "similarity.json").read_text(encoding="utf-8"))["not_compared"] == []
    assert link(run / "out") is not None and "1" in link(run / "out")
    assert "similarity.html" in done.stderr and "José-2" in done.stderr and "archief" in done.stderr


def test_report_that_compares_anew_says_which_submissions_it_left_out_and_why(graded, tmp_path):
    run = copy(graded, tmp_path)
    done = run_grade("report", "out", "--similarity-threshold", "0.5", "--lang", "en", cwd=run)
    assert done.returncode == 0, done.stderr
    written = json.loads((run / "out" / "similarity.json").read_text(encoding="utf-8"))
    assert written["threshold"] == 0.5 and written["not_compared"] == ["José-2"]
    assert "José-2" in done.stderr and "inside an archive" in done.stderr and "compares 3 of the 4 submissions" in done.stderr


def test_report_elsewhere_links_a_similarity_page_that_belongs_to_its_results(graded, tmp_path):
    # grade report into another folder kept the similarity.html there but its index.html no longer linked it.
    run = copy(graded, tmp_path)
    (run / "other").mkdir()
    for name in ("similarity.html", "similarity.json"):
        shutil.copy(run / "out" / name, run / "other" / name)
    done = run_grade("report", str(run / "out"), "--out", str(run / "other"), cwd=tmp_path)  # sources not found here
    assert done.returncode == 0, done.stderr
    assert pairs(run / "other") == {("bram-meijer", "José-2")} and link(run / "other") is not None


@pytest.mark.parametrize("lang, said", [("nl", "hoort niet bij deze resultaten"),
                                        ("en", "does not belong to these results")])
def test_a_similarity_page_of_other_results_is_not_linked_and_is_explained(graded, tmp_path, lang, said):
    run = copy(graded, tmp_path)
    (run / "other").mkdir()
    stale = json.loads((run / "out" / "similarity.json").read_text(encoding="utf-8"))
    stale.pop("results", None)  # as an older grader wrote it, or another class's
    (run / "other" / "similarity.json").write_text(json.dumps(stale), encoding="utf-8")
    shutil.copy(run / "out" / "similarity.html", run / "other" / "similarity.html")
    done = run_grade("report", str(run / "out"), "--out", str(run / "other"), "--lang", lang, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert link(run / "other") is None  # the page says why, in the language of the results (Dutch)
    index = " ".join(re.sub(r"<[^>]+>", "", (run / "other" / "index.html").read_text(encoding="utf-8")).split())
    assert "De similarity.html in deze map hoort niet bij deze resultaten" in index
    assert said in " ".join(done.stderr.split())


def test_report_compares_a_notebook_s_code_cells_as_grade_did(tmp_path):
    # grade compares a notebook's code cells; grade report read the .ipynb back and compared its JSON text.
    code = (ROOT / "submissions" / "bram-meijer" / "main.py").read_text(encoding="utf-8")
    (tmp_path / "klas").mkdir()
    (tmp_path / "klas" / "anna.py").write_text(code, encoding="utf-8")
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
              "source": code.splitlines(keepends=True)}]
    notebook = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "klas" / "bob.ipynb").write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    shutil.copy(ROOT / "submissions" / "daan-de-vries" / "main.py", tmp_path / "klas" / "cas.py")
    assert run_grade("klas", "--out", "out", "--quiet", cwd=tmp_path).returncode == 0
    graded = json.loads((tmp_path / "out" / "similarity.json").read_text(encoding="utf-8"))
    done = run_grade("report", "out", "--similarity-threshold", "0.55", cwd=tmp_path)  # compared anew
    assert done.returncode == 0, done.stderr
    again = json.loads((tmp_path / "out" / "similarity.json").read_text(encoding="utf-8"))
    assert again["threshold"] == 0.55 and again["not_compared"] == [] and "similarity" not in done.stderr
    assert [(p["a"], p["b"], p["identical"]) for p in again["pairs"]] == \
        [(p["a"], p["b"], p["identical"]) for p in graded["pairs"]] == [("anna", "bob", True)]


def test_a_similarity_json_counts_as_current_only_when_whole_and_of_these_results(tmp_path):
    document = sample_document()
    made = {"results": copies.results_key(document), "threshold": 0.6, "references": {}, "pairs": [],
            "not_compared": ["anna"]}
    (tmp_path / "similarity.json").write_text(json.dumps(made), encoding="utf-8")
    assert copies.current(document, tmp_path) is None  # no similarity.html beside it
    (tmp_path / "similarity.html").write_text("<!DOCTYPE html>", encoding="utf-8")
    assert copies.current(document, tmp_path) == made
    assert copies.current({**document, "submissions": document["submissions"][1:]}, tmp_path) is None
    for edited in ({**made, "not_compared": [{}]}, {**made, "pairs": 3}, [made]):  # by hand: not the grader's
        (tmp_path / "similarity.json").write_text(json.dumps(edited), encoding="utf-8")
        assert copies.current(document, tmp_path) is None


@pytest.mark.parametrize("lang, said", [
    ("nl", "results.json is van een onderbroken run: 4 van de 10 gevonden inzendingen beoordeeld"),
    ("en", "results.json is from an interrupted run: 4 of the 10 submissions found were graded")])
def test_report_of_an_interrupted_run_says_so(graded, tmp_path, lang, said):
    # After a run stopped after 3 of 10, grade report said only "3 inzendingen opnieuw weergegeven": the
    # gradebooks it rewrote hold 3 rows, and nothing on the terminal said the run was incomplete.
    run = copy(graded, tmp_path)
    results = run / "out" / "results.json"
    document = json.loads(results.read_text(encoding="utf-8"))
    document.update(interrupted=True, submissions_found=10)
    results.write_text(json.dumps(document), encoding="utf-8")
    done = run_grade("report", "out", "--lang", lang, cwd=run)
    assert done.returncode == 0, done.stderr
    assert said in done.stderr
    assert "grade" in done.stderr.split(said, 1)[1]  # and how to finish it
    complete = run_grade("report", str(graded / "out"), "--out", str(tmp_path / "other"), "--lang", lang)
    assert "interrupted" not in complete.stderr and "onderbroken" not in complete.stderr


def test_report_counts_as_compared_only_the_submissions_with_code(tmp_path):
    # "4 van de 4 inzendingen vergeleken" counted cas, who handed in no code file: nothing of hers was compared.
    code = (ROOT / "submissions" / "bram-meijer" / "main.py").read_bytes()
    (tmp_path / "klas" / "cas").mkdir(parents=True)
    (tmp_path / "klas" / "cas" / "notes.txt").write_text("zie bijlage")
    (tmp_path / "klas" / "anna.py").write_bytes(code)
    shutil.copy(ROOT / "submissions" / "daan-de-vries" / "main.py", tmp_path / "klas" / "bram.py")
    with zipfile.ZipFile(tmp_path / "klas" / "eva.zip", "w") as archive:
        archive.writestr("main.py", code)
    assert run_grade("klas", "--out", "out", "--quiet", cwd=tmp_path).returncode == 0
    kept = run_grade("report", "out", cwd=tmp_path)
    assert kept.returncode == 0 and "(3 van de 4 inzendingen vergeleken)" in kept.stderr, kept.stderr
    anew = run_grade("report", "out", "--similarity-threshold", "0.5", "--lang", "en", cwd=tmp_path)
    assert anew.returncode == 0 and "compares 2 of the 4 submissions" in anew.stderr, anew.stderr


@pytest.mark.parametrize("lang, said", [
    ("nl", "similarity.html: 3 van de 3 inzendingen vergeleken; 1 paar inzendingen lijkt op elkaar"),
    ("en", "similarity.html: 3 of the 3 submissions compared; 1 pair of submissions looks alike")])
def test_report_says_how_many_were_compared_also_when_it_compared_them_all(tmp_path, lang, said):
    # grade report said only "3 inzendingen opnieuw weergegeven; rapporten in out" when it could compare every
    # submission: the count (and the pairs found) appeared only when it compared fewer than were graded.
    code = (ROOT / "submissions" / "bram-meijer" / "main.py").read_bytes()
    (tmp_path / "klas").mkdir()
    (tmp_path / "klas" / "anna.py").write_bytes(code)
    (tmp_path / "klas" / "bob.py").write_bytes(code)
    shutil.copy(ROOT / "submissions" / "daan-de-vries" / "main.py", tmp_path / "klas" / "cas.py")
    assert run_grade("klas", "--out", "out", "--quiet", cwd=tmp_path).returncode == 0
    for extra in ((), ("--similarity-threshold", "0.55")):  # kept as grade made it, and compared anew
        done = run_grade("report", "out", "--lang", lang, *extra, cwd=tmp_path)
        assert done.returncode == 0 and said in done.stdout, done.stdout + done.stderr


def test_report_repeats_the_notes_the_class_run_said_after_its_summary(tmp_path):
    # grade said after its summary which files were not saved as UTF-8, which notebook stopped loading or holds a
    # function in a text cell, which students were renamed and which gradebook rows have no identifier; grade report
    # said only the last, so rendering the outputs again lost what the instructor should check.
    from fixtures.intake.build import content
    from test_notebook_text_cells import NOTEBOOKS
    code = (ROOT / "submissions" / "anouk-jansen" / "main.py").read_text(encoding="utf-8")
    for form in ("NFC", "NFD"):
        (tmp_path / "klas" / unicodedata.normalize(form, "José")).mkdir(parents=True)
        (tmp_path / "klas" / unicodedata.normalize(form, "José") / "main.py").write_text(code, encoding="utf-8")
    (tmp_path / "klas" / "anna.py").write_bytes(("# café\n" + code + "\n\ndef _open(s):\n    return s is 'open'\n")
                                                .encode("cp1252"))
    (tmp_path / "klas" / "bram.ipynb").write_bytes(content({"notebook": NOTEBOOKS["one"]}))
    (tmp_path / "klas" / "cees.ipynb").write_bytes(content({"notebook": [["code", code], ["code", "raise ValueError('demo')"]]}))
    graded = run_grade("klas", "--out", "out", "--quiet", "--gradebook", "canvas", "--no-similarity", cwd=tmp_path)
    assert graded.returncode == 0, graded.stderr
    said = [line for line in graded.stderr.splitlines() if line.startswith("grade: ")]
    assert len(said) == 6 and all(any(word in line for line in said) for word in
                                  ("Windows-1252", "anna: ", "bram: dispatch_ticket", "cees: cel 2", "José-2")), said
    again = run_grade("report", "out", "--gradebook", "canvas", "--no-similarity", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    # Said as grade report's own, after its summary line, as grade says them.
    assert [line for line in again.stderr.splitlines() if line.startswith("grade report: ")] == [
        "grade report: " + line[len("grade: "):] for line in said]


def test_report_repeats_which_entries_of_the_folder_became_no_submission(tmp_path):
    # grade warned last that klas/leeg (an empty folder) and klas/link.py (a symbolic link) were not graded;
    # results.json did not keep them, so grade report said nothing of them and they were left out without a word.
    code = (ROOT / "submissions" / "anouk-jansen" / "main.py").read_text(encoding="utf-8")
    (tmp_path / "klas" / "anna").mkdir(parents=True)
    (tmp_path / "klas" / "anna" / "main.py").write_text(code, encoding="utf-8")
    (tmp_path / "klas" / "leeg").mkdir()
    (tmp_path / "klas" / "link.py").symlink_to(tmp_path / "klas" / "anna" / "main.py")
    graded = run_grade("klas", "--out", "out", "--quiet", "--no-similarity", cwd=tmp_path)
    assert graded.returncode == 0, graded.stderr
    said = [line for line in graded.stderr.splitlines() if "geen inzending" in line]
    assert len(said) == 1 and "leeg/ (lege map)" in said[0] and "link.py (symbolische link" in said[0], graded.stderr
    stored = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))["unclaimed"]
    assert sorted(entry["reason"] for entry in stored) == ["empty", "link"]
    again = run_grade("report", "out", "--no-similarity", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert [line for line in again.stderr.splitlines() if "geen inzending" in line] == [
        "grade report: " + line[len("grade: "):] for line in said]
    english = run_grade("report", "out", "--no-similarity", "--lang", "en", cwd=tmp_path)
    assert "became no submission" in english.stderr and "(empty folder)" in english.stderr, english.stderr
