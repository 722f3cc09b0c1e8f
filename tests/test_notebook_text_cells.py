"""A required function written in a Markdown or raw cell of a notebook (text, which Jupyter never runs): every place
that said the function was missing (the report's note and checkpoint box, Gradescope's test, the terminal, the load
problem when none of the three is in a code cell) names that cell and says it must be a code cell, in both languages."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT, run_grade
from fixtures.intake import build as fixtures
from grader.discover.notebooks import to_python
from grader.reports import gradescope

_REFERENCE = (ROOT / "tests" / "solutions" / "reference" / "main.py").read_text(encoding="utf-8")
HEAD, VALIDATE, FINGERPRINT, HELPER, DISPATCH = re.split(
    r"(?=^def (?:validate_ticket_proposal|proposal_fingerprint|check_host_input|dispatch_ticket)\()", _REFERENCE,
    flags=re.M)
INTRO = "# Opdracht\n\nSchrijf `validate_ticket_proposal`, `proposal_fingerprint` en `dispatch_ticket(...)`.\n"


def fenced(code: str) -> str:
    """Markdown that shows ``code`` in a Python code block, with a sentence before it."""
    return "Mijn functie:\n\n```python\n" + code.rstrip("\n") + "\n```\n"


NOTEBOOKS = {
    # dispatch_ticket in a ```python block of a Markdown cell (cell 6); the other two in code cells.
    "one": [["markdown", INTRO], ["code", HEAD], ["code", VALIDATE], ["code", FINGERPRINT], ["code", HELPER],
            ["markdown", fenced(DISPATCH)]],
    # All three in Markdown cells (M pressed, or a fence); only the helpers in code cells.
    "all": [["code", HEAD], ["markdown", VALIDATE], ["markdown", fenced(FINGERPRINT)], ["code", HELPER],
            ["markdown", DISPATCH]],
    # proposal_fingerprint in a raw cell (cell 3).
    "raw": [["code", HEAD + VALIDATE], ["markdown", INTRO], ["raw", FINGERPRINT], ["code", HELPER + DISPATCH]],
    # No code cell at all: the file has no code to load.
    "text": [["markdown", HEAD], ["markdown", VALIDATE + FINGERPRINT], ["raw", HELPER + DISPATCH]],
    # dispatch_ticket shown in a Markdown cell as well as written in a code cell: nothing to say.
    "both": [["code", _REFERENCE], ["markdown", fenced(DISPATCH)]],
}
SAID = {"nl": {"cell": "cel {}", "markdown": "Markdown-cel", "raw": "Raw-cel", "fix": "codecel",
               "missing": "ontbreekt"},
        "en": {"cell": "cell {}", "markdown": "Markdown cell", "raw": "raw cell", "fix": "code cell",
               "missing": "is missing"}}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Grade a notebook of NOTEBOOKS in a language, once: (results.json's entry, terminal output, Markdown report,
    HTML report)."""
    done: dict[tuple[str, str], tuple[dict, str, str, str]] = {}

    def grade(name: str, lang: str) -> tuple[dict, str, str, str]:
        if (name, lang) not in done:
            folder = tmp_path_factory.mktemp(f"{name}-{lang}")
            path = folder / f"{name}.ipynb"
            path.write_bytes(fixtures.content({"notebook": NOTEBOOKS[name]}))
            run = run_grade(str(path), "--out", str(folder / "out"), "--lang", lang)
            result = json.loads((folder / "out" / "results.json").read_text(encoding="utf-8"))["submissions"][0]
            report = (folder / "out" / "feedback" / f"{name}.md").read_text(encoding="utf-8")
            page = (folder / "out" / "feedback" / f"{name}.html").read_text(encoding="utf-8")
            done[name, lang] = result, run.stdout, report, page
        return done[name, lang]
    return grade


def test_the_notebook_note_lists_the_required_functions_defined_in_text_cells():
    data = fixtures.content({"notebook": NOTEBOOKS["one"] + [["raw", "  def proposal_fingerprint (p):\n"],
                                                             ["markdown", "Zie def dispatch_ticket(...) hierboven."]]})
    _, note = to_python(data)
    assert note["text_defs"] == [[6, "markdown", "dispatch_ticket"], [7, "raw", "proposal_fingerprint"]]
    assert to_python(fixtures.content({"notebook": NOTEBOOKS["both"]}))[1]["text_defs"] == [[2, "markdown", "dispatch_ticket"]]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_function_in_a_markdown_cell_is_said_to_be_in_that_cell_and_the_others_are_graded(graded, lang):
    result, terminal, report, page = graded("one", lang)
    said = SAID[lang]
    assert result["status"] == "graded" and result["score"] == 2, result["score"]
    assert [result["checkpoints"][k]["passed"] for k in "123"] == [True, True, False]
    note = next(n for n in result["load"]["notes"] if n["kind"] == "missing-function")
    assert note["text_cell"] == 6 and note["cell_type"] == "markdown", note
    # The terminal: the cell, its kind, what to do; not that the file has no such function.
    line = next(line for line in terminal.splitlines() if "dispatch_ticket" in line and said["cell"].format(6) in line)
    assert said["markdown"] in line and "Code" in line, terminal
    # The report: its note and the checkpoint's box.
    lines = [line for line in report.splitlines() if said["cell"].format(6) in line]
    assert len(lines) == 2 and all(said["markdown"] in line and said["fix"] in line for line in lines), report
    assert not any(said["missing"] in line for line in report.splitlines() if "dispatch_ticket" in line), report
    assert page.count(said["cell"].format(6)) == 2 and said["markdown"] in page
    test = next(test for test in gradescope.render(result, lang)["tests"] if test["number"] == "3")
    assert said["cell"].format(6) in test["output"] and said["markdown"] in test["output"], test["output"]
    assert said["missing"] not in test["output"]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_all_three_in_markdown_cells_the_load_problem_names_each_cell(graded, lang):
    result, terminal, report, page = graded("all", lang)
    said = SAID[lang]
    problem = result["load"]["problem"]
    assert result["status"] == "load-error" and problem["kind"] == "missing-functions", problem
    assert problem["text_cells"] == [[2, "markdown", "validate_ticket_proposal"],
                                     [3, "markdown", "proposal_fingerprint"], [5, "markdown", "dispatch_ticket"]]
    for cell, function in ((2, "validate_ticket_proposal"), (3, "proposal_fingerprint"), (5, "dispatch_ticket")):
        for text in (terminal, report, page):
            assert any(said["cell"].format(cell) in line and function in line and said["markdown"] in line
                       for line in text.splitlines()), text
    assert said["fix"] in report
    names = {"nl": "hoofdletters en underscores", "en": "capitals and underscores"}[lang]
    assert names not in terminal + report + page  # the names are right: only the cell type is not


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_function_in_a_raw_cell_is_said_to_be_in_that_raw_cell(graded, lang):
    result, terminal, report, _ = graded("raw", lang)
    said = SAID[lang]
    assert [result["checkpoints"][k]["passed"] for k in "12"] == [True, False]  # dispatch_ticket needs it too
    for text in (terminal, report):
        assert any(said["cell"].format(3) in line and said["raw"] in line and "proposal_fingerprint" in line
                   for line in text.splitlines()), text


def test_a_function_shown_in_a_markdown_cell_and_written_in_a_code_cell_gets_no_note(graded):
    result, terminal, report, _ = graded("both", "nl")
    assert result["score"] == 3 and not any(n["kind"] == "missing-function" for n in result["load"]["notes"])
    assert "Markdown" not in terminal and "Markdown" not in report, report


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_notebook_of_text_cells_only_names_them_beside_having_no_code(graded, lang):
    result, terminal, report, _ = graded("text", lang)
    said = SAID[lang]
    assert result["status"] == "empty" and result["load"]["problem"]["text_cells"] == [
        [2, "markdown", "validate_ticket_proposal"], [2, "markdown", "proposal_fingerprint"], [3, "raw", "dispatch_ticket"]]
    assert {"nl": "alleen lege regels", "en": "only blank lines"}[lang] not in terminal + report  # text cells are there
    for text in (terminal, report):
        assert any(said["cell"].format(3) in line and said["raw"] in line and "dispatch_ticket" in line
                   for line in text.splitlines()), text


def test_a_function_in_a_cell_that_never_ran_is_said_so_even_when_a_text_cell_shows_it_too():
    from grader.results import _in_text_cells

    intake = [{"kind": "notebook", "text_defs": [[1, "markdown", "dispatch_ticket"], [2, "raw", "proposal_fingerprint"]]}]
    notes = [{"kind": "missing-function", "name": "dispatch_ticket", "cell": 5, "after": 4},
             {"kind": "missing-function", "name": "proposal_fingerprint"}]
    problem, said = _in_text_cells(None, notes, intake)
    assert problem is None and said[0] == notes[0]
    assert said[1] == {**notes[1], "text_cell": 2, "cell_type": "raw"}
    assert _in_text_cells({"kind": "runtime"}, notes, intake)[0] == {"kind": "runtime"}
