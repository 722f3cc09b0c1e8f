"""Graded end to end: every intake fixture's verdicts, inputs left untouched, the command line's answers."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, SOLUTIONS, run_grade
from grader.discover import safe_name
from grader.reports import jsonreport
from fixtures.intake import build as fixtures

CORRECT = SOLUTIONS / "correct" / "s01_plain_regex.py"
PLACEMENT = {"id", "source", "name", "layout", "graded_file", "ignored_files", "attempts", "late"}


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and modification time (ns)."""
    return {str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_mtime_ns)
            for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """All fixtures graded in one run: (inputs folder, snapshot before, after, results by id, output)."""
    inputs = tmp_path_factory.mktemp("inputs")
    paths = [str(fixtures.build(name, inputs)) for name in fixtures.fixtures()]
    before = snapshot(inputs)
    out = tmp_path_factory.mktemp("out")
    done = run_grade(*paths, "--out", str(out), "--quiet", "--lang", "en")
    assert done.returncode == 0, done.stderr + done.stdout
    document = jsonreport.read(out / "results.json")
    return inputs, before, snapshot(inputs), {entry["id"]: entry for entry in document["submissions"]}, document


EXPECTED = [(name, want) for name in fixtures.fixtures() for want in fixtures.load(name)["expected"]]


@pytest.mark.parametrize("name,want", EXPECTED, ids=[f"{name}-{want['id']}" for name, want in EXPECTED])
def test_verdicts(run, name, want):
    result = run[3][want["id"]]
    assert (result["status"], result["score"]) == (want["status"], want["score"]), result["load"]
    for key, value in want.get("problem", {}).items():
        assert result["load"]["problem"][key] == value, result["load"]["problem"]
    assert set(want.get("notes", [])) <= {note["kind"] for note in result["load"]["notes"]}
    assert result["layout"] == fixtures.load(name)["layout"]
    if "graded_file" in want:
        assert result["graded_file"] == want["graded_file"]


def test_every_result_says_where_it_came_from(run):
    document = run[4]
    assert document["format"] == 2
    for result in document["submissions"]:
        assert PLACEMENT <= set(result)
        assert isinstance(result["attempts"], list) and isinstance(result["late"], bool)
    assert run[3]["102"]["late"] is True and run[3]["zoe-celik"]["name"] == "Zoë Çelik"


def test_inputs_are_never_changed(run):
    before, after = run[1], run[2]
    assert after.keys() == before.keys()
    assert after == before


def test_a_students_own_conftest_tests_and_pytest_ini_never_run(run):
    inputs, results = run[0], run[3]
    assert results["anoukj"]["score"] == 3
    assert not list(inputs.rglob("CONFTEST_RAN")) and not list(inputs.rglob("TESTS_RAN"))


def test_a_notebook_error_points_at_its_cell(run):
    problem = run[3]["s-notebook-error"]["load"]["problem"]
    assert (problem["kind"], problem["cell"], problem["cell_line"]) == ("syntax", 3, 2)
    note = next(n for n in run[3]["s-notebook-error"]["load"]["notes"] if n["kind"] == "notebook")
    assert note["cells"] == [[2, 1, 1], [3, 3, 4]]


def test_input_never_waits_for_a_keyboard_even_on_a_terminal(tmp_path):
    source = tmp_path / "main.py"
    source.write_text("naam = input('Wat is je naam? ')\n" + CORRECT.read_text(encoding="utf-8"), encoding="utf-8")
    primary, secondary = pty.openpty()
    try:
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "grader", str(source), "--out", str(tmp_path / "out")],
                              stdin=secondary, capture_output=True, text=True, timeout=120, cwd=ROOT)
    finally:
        os.close(secondary)
        os.close(primary)
    assert done.returncode == 1 and time.monotonic() - started < 60
    problem = jsonreport.read(tmp_path / "out" / "results.json")["submissions"][0]["load"]["problem"]
    assert problem["kind"] == "runtime" and problem["line"] == 1 and "input()" in problem["detail"]


def test_a_file_named_explicitly_is_graded_whatever_its_name(tmp_path):
    (tmp_path / "opdracht3_anouk.py").write_bytes(CORRECT.read_bytes())
    done = run_grade(str(tmp_path / "opdracht3_anouk.py"), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    result = jsonreport.read(tmp_path / "out" / "results.json")["submissions"][0]
    assert (result["id"], result["graded_file"], result["layout"]) == ("opdracht3_anouk", "opdracht3_anouk.py", "file")


def test_a_notebook_is_a_self_check_too(tmp_path):
    notebook = fixtures.content({"notebook": [["code", "%load_ext x"], ["code", "@correct"]]})
    (tmp_path / "opdracht.ipynb").write_bytes(notebook)
    done = run_grade(str(tmp_path / "opdracht.ipynb"), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr + done.stdout


def test_a_folder_without_main_py_suggests_what_it_found_and_exits_2(tmp_path):
    (tmp_path / "mijn-opdracht").mkdir()
    (tmp_path / "mijn-opdracht" / "main.py.docx").write_text("x")
    (tmp_path / "mijn-opdracht" / "opdracht.py.txt").write_text("x = 1")
    done = run_grade(str(tmp_path / "mijn-opdracht"), "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    assert "gevonden: main.py.docx, opdracht.py.txt" in done.stderr


def test_the_layout_option_forces_a_layout(tmp_path):
    archive = fixtures.build("moodle_blind", tmp_path)
    assert run_grade(str(archive), "--layout", "canvas", "--out", str(tmp_path / "a")).returncode == 2
    done = run_grade(str(archive), "--layout", "moodle", "--out", str(tmp_path / "b"), "--quiet")
    assert done.returncode == 0, done.stderr
    ids = [s["id"] for s in jsonreport.read(tmp_path / "b" / "results.json")["submissions"]]
    assert sorted(ids) == ["6001", "6002"]
    assert run_grade(str(archive), "--layout", "sharepoint").returncode == 2


def test_a_name_that_is_not_utf8_is_graded_under_its_bytes_read_as_windows_1252(tmp_path):
    # The id was "Jos\\udce9" (the byte written out as an escape): so shown in the terminal and gradebook.csv.
    root = tmp_path / "export"
    root.mkdir()
    source = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_bytes()
    os.mkdir(os.fsencode(root) + b"/Jos\xe9")  # as old unzip tools write Latin-1 names
    (root / os.fsdecode(b"Jos\xe9") / "main.py").write_bytes(source)
    (root / os.fsdecode(b"latin\x80\xe9\x81.py")).write_bytes(source)  # 0x81: none in Windows-1252, so Latin-1
    (root / "anna").mkdir()
    (root / "anna" / "main.py").write_bytes(source)
    os.mkdir(os.fsencode(root) + b"/leeg\xe9")  # no submission: the terminal names it so too
    done = run_grade(str(root), "--out", str(tmp_path / "out"), "--quiet")
    assert done.returncode == 0 and "leegé/ (lege map)" in done.stderr, done.stderr
    entries = {entry["id"]: entry for entry in jsonreport.read(tmp_path / "out" / "results.json")["submissions"]}
    assert {i: entry["score"] for i, entry in entries.items()} == {"anna": 3, "José": 3, "latin€é\\x81": 3}
    assert entries["José"]["source"].endswith(os.path.join("José", "main.py"))
    gradebook = (tmp_path / "out" / "gradebook.csv").read_text(encoding="utf-8-sig")
    assert '"José"' in gradebook and "\\udc" not in gradebook
    assert (tmp_path / "out" / "feedback" / f"{safe_name('José')}.html").is_file()


def test_a_usage_error_shows_the_file_names_it_lists_with_their_control_characters_escaped(tmp_path):
    # "found: ..." names what is in the folder: a student's file name must not clear the line and write
    # a summary of its own on the instructor's terminal.
    (tmp_path / "jansen_1_2_\r\x1b[2Kgrade: 31 submissions graded\x1b[8m.txt").write_text("x")
    done = run_grade(str(tmp_path), "--layout", "moodle", "--out", str(tmp_path.parent / "out"), "--lang", "en")
    assert done.returncode == 2
    assert "\x1b" not in done.stderr and "\r" not in done.stderr
    assert "jansen_1_2_\\r\\x1b[2Kgrade: 31 submissions graded\\x1b[8m.txt" in done.stderr


def test_a_damaged_zip_or_notebook_of_a_student_is_unreadable_not_empty(tmp_path):
    from conftest import grade_folder
    klas = tmp_path / "klas"
    klas.mkdir()
    (klas / "zoe.zip").write_bytes(b"not a zip")
    (klas / "bad.ipynb").write_text('{"cells": [', encoding="utf-8")
    (klas / "anna.py").write_text("x = 1\n", encoding="utf-8")
    by_id = grade_folder(klas, tmp_path / "out")
    for student in ("zoe", "bad"):
        load = by_id[student]["load"]
        assert by_id[student]["status"] == "load-error", load
        assert load["problem"]["kind"] == "unreadable" and load["problem"]["detail"], load
    assert "not a readable zip archive" in by_id["zoe"]["load"]["problem"]["detail"]
    assert str(tmp_path) not in str(by_id["zoe"]["load"])  # the student reads no path of the grader's machine
    # "geen notebook: JSONDecodeError" told a student nothing: what is wrong, and what to do about it.
    assert "JSONDecodeError" not in by_id["bad"]["load"]["problem"]["detail"]
    assert "Jupyter" in by_id["bad"]["load"]["problem"]["detail"]
    zoe = (tmp_path / "out" / "feedback" / "zoe.md").read_text(encoding="utf-8")
    assert "kon niet worden gelezen" in zoe and "geen enkel bestand" not in zoe, zoe
    assert "geen leesbaar zip-archief" in zoe and "is not a readable" not in zoe, zoe
    assert "main.py" not in zoe, zoe
    bad = (tmp_path / "out" / "feedback" / "bad.md").read_text(encoding="utf-8")
    assert "geen geldige notebook-JSON" in bad and "not a notebook" not in bad, bad
    assert "sla het opnieuw op, of lever main.py in" in bad and "JSONDecodeError" not in bad, bad
    table = run_grade(str(klas), "--out", str(tmp_path / "out"))
    rows = {line.split()[0]: line for line in table.stdout.splitlines() if line.split()}
    assert "onleesbaar" in rows["zoe"] and "onleesbaar" in rows["bad"] and "leeg" not in rows["zoe"], table.stdout
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert index.count("<code>unreadable</code>") >= 2 and "leeg" not in index.split("<tbody>")[-1]


@pytest.mark.parametrize("lang,words", [("en", "is no file or folder"), ("nl", "is geen bestand of map")])
def test_a_path_that_is_a_named_pipe_says_what_it_is(tmp_path, lang, words):
    # A fifo (or socket, or /dev/null) named main.py: it was read as a folder, and the terminal showed
    # only Python's "[Errno 20] Not a directory", in English whatever --lang said.
    os.mkfifo(tmp_path / "main.py")
    done = run_grade(str(tmp_path / "main.py"), "--out", str(tmp_path / "out"), "--lang", lang, timeout=60)
    assert done.returncode == 2 and words in done.stderr and "Errno" not in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()
