"""The report names the graded file whenever it is not simply the student's main.py, and the code files
left out, in every layout (a class folder, its zip, an LMS export)."""

from __future__ import annotations

import zipfile

import pytest

from grader.discover import discover
from test_reports import all_passing, md, result, shown

LAYOUTS = {
    "folders": {"Fatima El Amrani/oplossing.py": "x = 1\n", "Fatima El Amrani/__pycache__/oplossing.cpython-311.pyc": "",
                "Daan/Main.py": "x = 2\n", "Daan/notes.txt": "notes", "Daan/test_main.py": "t = 1\n",
                "Emile/opdracht 3/main.py": "x = 3\n", "anna/main.py": "x = 4\n", "anna/verslag.pdf": "%PDF"},
    "brightspace": {"index.html": "<html></html>",
                    "7001-8001 - Bart de Vries - Mar 2, 2026 905 AM - oplossing.py": "x = 1\n",
                    "7001-8001 - Bart de Vries - Mar 2, 2026 905 AM - test_main.py": "t = 1\n",
                    "7002-8002 - Anouk Jansen - Mar 2, 2026 905 AM - main.py": "x = 2\n"},
}
# id -> (the file the note names, the files it names as left out); None: no note, the file is <id>/main.py.
EXPECTED = {
    "folders": {"Fatima El Amrani": ("oplossing.py", []), "Daan": ("Main.py", ["test_main.py"]),
                "Emile": ("opdracht 3/main.py", []), "anna": None, "kim": ("kim.zip/main.py", [])},
    "brightspace": {"bart-de-vries": ("oplossing.py", ["test_main.py"]), "anouk-jansen": None},
}


def _write(layout: str, form: str, where) -> str:
    files = dict(LAYOUTS[layout])
    if form == "zip":
        with zipfile.ZipFile(where / "export.zip", "w") as archive:
            for rel, text in files.items():
                archive.writestr(f"export/{rel}", text)
            if layout == "folders":
                archive.writestr("export/kim.zip", _zipped({"main.py": "x = 5\n"}))
        return str(where / "export.zip")
    for rel, text in files.items():
        (where / "klas" / rel).parent.mkdir(parents=True, exist_ok=True)
        (where / "klas" / rel).write_text(text, encoding="utf-8")
    if layout == "folders":
        (where / "klas" / "kim.zip").write_bytes(_zipped({"main.py": "x = 5\n"}))
    return str(where / "klas")


def _zipped(members: dict[str, str]) -> bytes:
    import io

    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return data.getvalue()


@pytest.mark.parametrize("form", ["folder", "zip"])
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_note_names_the_graded_file_unless_it_is_the_students_main_py(layout, form, tmp_path):
    # oplossing.py alone, opdracht 3/main.py and a student's own zip got no note; test_main.py was never named.
    by_id = {s.id: s for s in discover([_write(layout, form, tmp_path)])[0]}
    assert set(by_id) == set(EXPECTED[layout])
    for student, want in EXPECTED[layout].items():
        notes = [note for note in by_id[student].notes if note["kind"] == "chosen-file"]
        if want is None:
            assert notes == [], student
        else:
            assert [(note["file"], note["ignored"]) for note in notes] == [want], student


def test_a_notebook_or_online_text_is_named_by_its_own_note_only(tmp_path):
    (tmp_path / "eva").mkdir()
    (tmp_path / "eva" / "opdracht.ipynb").write_text('{"cells": [{"cell_type": "code", "source": "x = 1"}]}')
    (tmp_path / "bob.py").write_text("x = 2\n")
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert [note["kind"] for note in by_id["eva"].notes] == ["notebook"]
    assert by_id["bob"].notes == []  # a loose file of a class folder is the student: nothing to say


def test_many_left_out_files_are_counted_beyond_those_listed(tmp_path):
    (tmp_path / "anna" / "tests").mkdir(parents=True)
    (tmp_path / "anna" / "main.py").write_text("x = 1\n")
    for number in range(70):
        (tmp_path / "anna" / "tests" / f"test_{number:02d}.py").write_text("t = 1\n")
    (tmp_path / "bram.py").write_text("x = 2\n")
    anna = next(s for s in discover([str(tmp_path)])[0] if s.id == "anna")
    note = next(note for note in anna.notes if note["kind"] == "chosen-file")
    assert len(note["ignored"]) + note["more"] == 70


@pytest.mark.parametrize("lang,words", [("nl", ["Gekozen om te beoordelen", "Niet beoordeeld", "en nog 55 bestanden"]),
                                        ("en", ["Chosen for grading", "Not graded", "and 55 more files"])])
def test_the_report_says_it_shortly(lang, words):
    note = {"kind": "chosen-file", "file": "oplossing.py", "rule": "another .py file",
            "ignored": [f"tests/test_{n}.py" for n in range(50)], "more": 10}
    res = result(all_passing(), lang=lang, notes=[note])
    for text in (shown(res, lang), md(res, lang)):
        assert all(word in text for word in words), text
        assert "test_4.py" in text and "test_5.py" not in text
