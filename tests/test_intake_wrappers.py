"""A folder that wraps the class, with loose non-code files beside it (a README, a .txt): still looked into."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from grader.discover import discover

STUDENTS = ("anouk", "bram", "carla")


def _zip(members: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return buffer.getvalue()


@pytest.mark.parametrize("beside", [(), ("LEESMIJ.txt",), ("README.md", "opdracht.pdf", ".DS_Store")])
@pytest.mark.parametrize("as_zip", [False, True])
def test_a_wrapping_folder_beside_non_code_files_is_looked_into(tmp_path, beside, as_zip):
    # fold6/klas/{anouk,bram,carla}/main.py with LEESMIJ.txt beside klas was one student "klas", graded from
    # anouk's file, the others only named in its report; without the txt file it was three students.
    members = {f"klas/{name}/main.py": f"x = {number}\n" for number, name in enumerate(STUDENTS)}
    members.update((name, "lees dit\n") for name in beside)
    if as_zip:
        (tmp_path / "win4.zip").write_bytes(_zip(members))
        path = tmp_path / "win4.zip"
    else:
        path = tmp_path / "fold6"
        for name, text in members.items():
            (path / name).parent.mkdir(parents=True, exist_ok=True)
            (path / name).write_text(text, encoding="utf-8")
    unclaimed: list[str] = []
    submissions, single = discover([str(path)], unclaimed=unclaimed)
    assert not single and {s.id: s.source for s in submissions} == {
        name: f"x = {number}\n".encode() for number, name in enumerate(STUDENTS)}
    assert unclaimed == []


def test_an_empty_student_folder_in_such_a_wrapper_is_named(tmp_path):
    # The students' own level is inside the wrapper: an empty folder there is named as it is without the txt.
    for name in ("anouk", "bram"):
        (tmp_path / "fold6" / "klas" / name).mkdir(parents=True)
        (tmp_path / "fold6" / "klas" / name / "main.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "fold6" / "klas" / "dora").mkdir()
    (tmp_path / "fold6" / "LEESMIJ.txt").write_text("lees dit\n", encoding="utf-8")
    unclaimed: list[str] = []
    submissions, _ = discover([str(tmp_path / "fold6")], unclaimed=unclaimed)
    assert [s.id for s in submissions] == ["anouk", "bram"]
    assert unclaimed == [f"{tmp_path / 'fold6' / 'klas'}: dora/"]


@pytest.mark.parametrize("beside", ["extra.py", "main.txt", "werk.zip", "bijlage/notes.txt"])
def test_code_or_a_folder_beside_the_folder_keeps_it_a_student(tmp_path, beside):
    # Only non-code files may lie beside a wrapping folder: code or another folder makes the entries students.
    for name in STUDENTS[:2]:
        (tmp_path / "klas" / "groep" / name).mkdir(parents=True)
        (tmp_path / "klas" / "groep" / name / "main.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "klas" / beside).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "klas" / beside).write_text("x = 2\n", encoding="utf-8")
    submissions, _ = discover([str(tmp_path / "klas")])
    assert "groep" in [s.id for s in submissions]


def test_one_students_folder_beside_a_readme_stays_that_student(tmp_path):
    # klas/anna/{main.py, tests/test_main.py} with LEESMIJ.txt: anna's own files are not students.
    (tmp_path / "klas" / "anna" / "tests").mkdir(parents=True)
    (tmp_path / "klas" / "anna" / "main.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "klas" / "anna" / "tests" / "test_main.py").write_text("x = 2\n", encoding="utf-8")
    (tmp_path / "klas" / "LEESMIJ.txt").write_text("lees dit\n", encoding="utf-8")
    assert [(s.id, s.graded_file) for s in discover([str(tmp_path / "klas")])[0]] == [("anna", "main.py")]


def test_student_folders_left_out_of_one_submission_are_named_in_the_warning(tmp_path):
    # A folder graded as one submission from one of the student folders it holds: the others were named only in
    # its report, and the end of the run said nothing.
    for name in STUDENTS:
        (tmp_path / "klas" / "groep" / name).mkdir(parents=True)
        (tmp_path / "klas" / "groep" / name / "main.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "klas" / "groep" / "helper.py").write_text("x = 2\n", encoding="utf-8")  # no student's own: not named
    (tmp_path / "klas" / "extra.py").write_text("x = 2\n", encoding="utf-8")
    unclaimed: list[str] = []
    submissions, _ = discover([str(tmp_path / "klas")], unclaimed=unclaimed)
    assert [s.id for s in submissions] == ["extra", "groep"]
    assert unclaimed == [f"{tmp_path / 'klas'}: groep/{name}/main.py" for name in STUDENTS[1:]]
    assert [entry.why for entry in unclaimed] == [
        ("inside submission groep, graded from anouk/main.py", "in inzending groep, beoordeeld op anouk/main.py")] * 2


def test_an_empty_folder_left_out_is_named_as_a_folder_once(tmp_path):
    # "klas1/: leeg (lege map)" read as saying "empty" twice: the folder is named as a folder, after the class's name.
    (tmp_path / "klas1" / "leeg").mkdir(parents=True)
    (tmp_path / "klas1" / "anna.py").write_text("x = 1\n", encoding="utf-8")
    unclaimed: list[str] = []
    discover([str(tmp_path / "klas1") + "/"], unclaimed=unclaimed)
    assert unclaimed == [f"{tmp_path / 'klas1'}: leeg/"] and unclaimed[0].why[1] == "lege map"


def test_an_entry_left_inside_a_submission_is_kept_and_read_again_with_its_reason():
    # results.json keeps the run's unclaimed entries for grade report; one left inside a submission has a reason
    # with fields (the submission and its graded file), and reading it back raised KeyError: 'id' after every run.
    from grader.discover.leftout import Unclaimed, restored, stored
    entry = Unclaimed("klas: groep/bram/main.py", "inside", id="groep", file="anouk/main.py")
    again = restored(json.loads(json.dumps(stored([entry, Unclaimed("klas: leeg/", "empty")]))))
    assert again == ["klas: groep/bram/main.py", "klas: leeg/"]
    assert [item.why for item in again] == [entry.why, ("empty folder", "lege map")]
    assert restored([{"entry": "klas: x", "reason": "inside", "why": ["a", 3]}]) == ["klas: x"]
