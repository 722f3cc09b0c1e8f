"""A notebook whose cell raises while it loads: the cells before it are graded, as far as they define the functions,
and the report and the terminal say which cell stopped loading and with what."""

from __future__ import annotations

import pytest

from conftest import SOLUTIONS, grade_folder, run_grade
from fixtures.intake import build as fixtures
from grader.discover import notebooks
from grader.reports import jsonreport
from grader.sandbox.loader import LoadFailure, load

CORRECT = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")
FIRST, DISPATCH = CORRECT.split("def dispatch_ticket(")
DISPATCH = "def dispatch_ticket(" + DISPATCH
DEMO = "validate_ticket_proposal({})"  # shows the ValueError, as a student tries the function out

NOTEBOOKS = {
    # All three functions, then a demo cell that raises, then a cell after it.
    "demo-raises": [["markdown", "# Opdracht"], ["code", CORRECT], ["code", DEMO], ["code", "print('na de demo')"]],
    # dispatch_ticket in the cell that raises, after its def: that cell is not graded.
    "def-then-raise": [["code", FIRST], ["code", DISPATCH + "\n" + DEMO + "\n"]],
    # dispatch_ticket after the cell that raises: never defined.
    "raise-then-def": [["code", FIRST], ["code", DEMO], ["code", DISPATCH]],
    # The first code cell raises: nothing to grade.
    "first-raises": [["code", DEMO], ["code", CORRECT]],
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Per language: results by id of every notebook of NOTEBOOKS."""
    folder = tmp_path_factory.mktemp("notebooks")
    for name, cells in NOTEBOOKS.items():
        (folder / f"{name}.ipynb").write_bytes(fixtures.content({"notebook": cells}))
    return {lang: grade_folder(folder, tmp_path_factory.mktemp("out"), "--lang", lang) for lang in ("nl", "en")}


def stop_note(result: dict) -> dict:
    return next(note for note in result["load"]["notes"] if note["kind"] == "notebook-stopped")


def test_a_demo_cell_that_raises_leaves_the_cells_before_it_graded(graded):
    result = graded["en"]["demo-raises"]
    assert (result["status"], result["score"]) == ("graded", 3), result["load"]
    note = stop_note(result)
    assert (note["cell"], note["line"]) == (3, 1) and note["detail"].startswith("ValueError"), note
    assert "na de demo" not in result["load"]["output"]  # the cells after it do not run


def test_the_cell_that_raises_is_not_graded_even_where_its_def_came_first(graded):
    result = graded["en"]["def-then-raise"]
    assert result["score"] == 2 and not result["checkpoints"]["3"]["passed"], result["load"]
    assert {"kind": "missing-function", "name": "dispatch_ticket"} in result["load"]["notes"]
    assert stop_note(result)["cell"] == 2


def test_a_function_after_the_cell_that_raises_is_missing(graded):
    result = graded["en"]["raise-then-def"]
    assert result["score"] == 2 and not result["checkpoints"]["3"]["passed"]
    # Defined in cell 3, which never ran: the note says where, not that the notebook lacks it.
    assert {"kind": "missing-function", "name": "dispatch_ticket", "cell": 3, "after": 2} in result["load"]["notes"]


@pytest.mark.parametrize("lang, words", [("nl", ["dispatch_ticket", "cel 3", "niet uitgevoerd", "cel 2"]),
                                         ("en", ["dispatch_ticket", "cell 3", "did not run", "cell 2"])])
def test_a_function_in_a_cell_that_never_ran_is_said_to_be_there(tmp_path, lang, words):
    # The terminal and the report said "raise-then-def.ipynb definieert geen functie dispatch_ticket" of a
    # notebook that defines it, in a cell after the one that stopped loading.
    path = tmp_path / "raise-then-def.ipynb"
    path.write_bytes(fixtures.content({"notebook": NOTEBOOKS["raise-then-def"]}))
    done = run_grade(str(path), "--out", str(tmp_path / "out"), "--lang", lang)
    said = [line for line in done.stdout.splitlines() if words[0] in line and words[1] in line]
    assert len(said) == 1 and all(word in said[0] for word in words), done.stdout
    markdown = (tmp_path / "out" / "feedback" / "raise-then-def.md").read_text(encoding="utf-8")
    assert any(all(word in line for word in words) for line in markdown.splitlines()), markdown


def test_a_first_cell_that_raises_is_a_load_error_as_before(graded):
    result = graded["en"]["first-raises"]
    assert (result["status"], result["score"]) == ("load-error", 0)
    assert (result["load"]["problem"]["kind"], result["load"]["problem"]["cell"]) == ("runtime", 1)


@pytest.mark.parametrize("lang, words", [("nl", ["Cel 3", "ValueError", "cellen ervoor"]),
                                         ("en", ["Cell 3", "ValueError", "cells before it"])])
def test_the_report_says_which_cell_stopped_loading(graded, tmp_path, lang, words):
    folder = tmp_path / "one"
    folder.mkdir()
    (folder / "demo-raises.ipynb").write_bytes(fixtures.content({"notebook": NOTEBOOKS["demo-raises"]}))
    done = run_grade(str(folder / "demo-raises.ipynb"), "--out", str(tmp_path / "out"), "--lang", lang)
    assert done.returncode == 0, done.stderr + done.stdout
    html = (tmp_path / "out" / "feedback" / "demo-raises.html").read_text(encoding="utf-8")
    shown = [line for line in done.stdout.splitlines() if words[0] in line]
    assert len(shown) == 1 and all(word in shown[0] for word in words), done.stdout
    assert all(word in html for word in words[:2]), html
    assert jsonreport.read(tmp_path / "out" / "results.json")["submissions"][0]["score"] == 3


def test_a_py_file_that_raises_at_load_stays_a_load_error():
    with pytest.raises(LoadFailure) as failure:
        load((CORRECT + "\n" + DEMO + "\n").encode())
    assert failure.value.problem.kind == "runtime"


def test_the_loader_stops_at_the_cell_and_keeps_the_namespace_of_the_cells_before():
    source, note = notebooks.to_python(fixtures.content({"notebook": NOTEBOOKS["def-then-raise"]}))
    loaded = load(source, cells=note["cells"])
    assert set(loaded.functions) == {"validate_ticket_proposal", "proposal_fingerprint"}
    assert loaded.notes[0]["kind"] == "notebook-stopped" and loaded.notes[0]["cell"] == 2
    with pytest.raises(LoadFailure):  # the same code as one .py file: the body raised
        load(source)


@pytest.mark.parametrize("lang, words", [("nl", ["demo-raises", "cel 3", "regel 1", "ValueError"]),
                                         ("en", ["demo-raises", "cell 3", "line 1", "ValueError"])])
def test_a_class_run_says_which_notebook_cell_stopped_loading(tmp_path, lang, words):
    # In a class run the terminal said nothing of a cell that stopped loading (index.html: just "graded").
    folder = tmp_path / "klas"
    folder.mkdir()
    for name in ("demo-raises", "raise-then-def"):
        (folder / f"{name}.ipynb").write_bytes(fixtures.content({"notebook": NOTEBOOKS[name]}))
    done = run_grade(str(folder), "--out", str(tmp_path / "out"), "--quiet", "--lang", lang)
    said = [line for line in done.stderr.splitlines() if words[0] in line]
    assert len(said) == 1 and all(word in said[0] for word in words), done.stderr
    cell = "cel 2" if lang == "nl" else "cell 2"
    assert sum("raise-then-def" in line and cell in line for line in done.stderr.splitlines()) == 1, done.stderr


def test_only_ipython_lines_of_cells_that_ran_are_counted(tmp_path):
    # "2 regels met IPython-opdrachten telden als pass" counted a cell after the one that stopped loading.
    cells = [["code", "%matplotlib inline\n" + FIRST], ["code", DEMO], ["code", "%time x = 1\n!ls\n" + DISPATCH]]
    path = tmp_path / "magic.ipynb"
    path.write_bytes(fixtures.content({"notebook": cells}))
    run_grade(str(path), "--out", str(tmp_path / "out"), "--lang", "en")
    markdown = (tmp_path / "out" / "feedback" / "magic.md").read_text(encoding="utf-8")
    assert "1 line with an IPython command" in markdown and "2 lines" not in markdown, markdown
    assert "3 lines" not in markdown, markdown


# Jupyter's display() and IPython.display: a demo cell that shows a result with them stopped loading there, so a
# correct notebook with a function after it scored 1/3.
DISPLAYED = [["code", "from IPython.display import Markdown, display\nimport IPython\n" + FIRST],
             ["code", "display(validate_ticket_proposal({'call_id': 'c1', 'actor': 'a', 'name': 'set_ticket', "
                      "'version': 0, 'arguments': {'ticket': 'lamp', 'status': 'done'}}), 'twee')\n"
                      "display(Markdown('**klaar**'), clear=True)\nIPython.display.display(7)"],
             ["code", DISPATCH]]


def test_display_in_a_notebook_shows_the_repr_and_loading_goes_on():
    source, note = notebooks.to_python(fixtures.content({"notebook": DISPLAYED}))
    loaded = load(source, cells=note["cells"])
    assert set(loaded.functions) == {"validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket"}
    assert not [kept for kept in loaded.notes if kept["kind"] == "notebook-stopped"], loaded.notes
    assert loaded.output.splitlines()[1:] == ["'twee'", "**klaar**", "7"], loaded.output
    with pytest.raises(LoadFailure) as failure:  # the same code as one .py file: Python has no display()
        load(source)
    assert "IPython.display" in failure.value.problem.detail


def test_ipython_offers_only_its_display_names():
    cells = [["code", CORRECT], ["code", "import IPython\nIPython.get_ipython()"]]
    source, note = notebooks.to_python(fixtures.content({"notebook": cells}))
    loaded = load(source, cells=note["cells"])
    stop = next(kept for kept in loaded.notes if kept["kind"] == "notebook-stopped")
    assert "IPython.get_ipython is not available in the grader" in stop["detail"], stop


# The code written to main.py by a cell magic and imported by the next cell, as in Colab: the cell was taken for
# something other than Python, so the notebook defined no function at all.
WRITTEN = [["markdown", "# Opdracht"], ["code", "%%writefile main.py\n" + CORRECT],
           ["code", "%%writefile notities.txt\nniet uitvoeren: print('nee')"],
           ["code", "from main import *\nimport main\nfrom main import proposal_fingerprint as fp\n"
                    "print(main.dispatch_ticket is dispatch_ticket, fp is proposal_fingerprint)"]]


def test_a_cell_written_to_main_py_is_the_code_the_next_cell_imports():
    source, note = notebooks.to_python(fixtures.content({"notebook": WRITTEN}))
    loaded = load(source, cells=note["cells"])
    assert set(loaded.functions) == {"validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket"}
    assert loaded.output == "True True\n" and not loaded.notes, (loaded.output, loaded.notes)
