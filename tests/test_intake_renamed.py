"""Students renamed to keep them apart (``José-2``): each says so in a note, whatever it came from, and its
graded file is still named as it is on disk or in the archive."""

from __future__ import annotations

import os
import unicodedata
import zipfile
from pathlib import Path

import pytest

from grader.discover import discover

COMPOSED, DECOMPOSED = unicodedata.normalize("NFC", "José"), unicodedata.normalize("NFD", "José")
ZOE, ZOE_NFD = unicodedata.normalize("NFC", "Zoë"), unicodedata.normalize("NFD", "Zoë")


def _zip(path: Path, members: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, code in members.items():
            archive.writestr(name, code)


def _folder(path: Path, code: str) -> None:
    path.mkdir(parents=True)
    (path / "main.py").write_text(code, encoding="utf-8")


def _two_folders(klas: Path) -> None:
    _folder(klas / COMPOSED, "x = 1\n")
    _folder(klas / DECOMPOSED, "x = 2\n")


def _folder_and_zip(klas: Path) -> None:
    _folder(klas / COMPOSED, "x = 1\n")
    klas.mkdir(exist_ok=True)
    _zip(klas / f"{DECOMPOSED}.zip", {"main.py": "x = 2\n"})


def _two_zips(klas: Path) -> None:
    klas.mkdir(parents=True)
    _zip(klas / f"{COMPOSED}.zip", {"main.py": "x = 1\n"})
    _zip(klas / f"{DECOMPOSED}.zip", {"main.py": "x = 2\n"})


def _two_loose_files(klas: Path) -> None:
    klas.mkdir()
    (klas / f"{COMPOSED}.py").write_text("x = 1\n", encoding="utf-8")
    (klas / f"{DECOMPOSED}.py").write_text("x = 2\n", encoding="utf-8")


def _wrapped_zips(klas: Path) -> None:
    _two_zips(klas / "export")
    _folder(klas / "export" / "anna", "x = 3\n")  # a folder among them: "export" wraps a class


def _class_zip(klas: Path) -> None:
    klas.mkdir()
    _zip(klas / "klas.zip", {f"{COMPOSED}/main.py": "x = 1\n", f"{DECOMPOSED}/main.py": "x = 2\n"})


def _class_zip_of_loose_files(klas: Path) -> None:
    klas.mkdir()
    _zip(klas / "klas.zip", {f"{COMPOSED}.py": "x = 1\n", f"{DECOMPOSED}.py": "x = 2\n"})


def _classroom(klas: Path) -> None:
    for name, code in ((f"opdracht-{COMPOSED}", "x = 1\n"), (f"opdracht-{DECOMPOSED}", "x = 2\n")):
        _folder(klas / "opdracht-submissions" / name, code)
        (klas / "opdracht-submissions" / name / ".git").mkdir()


CLASSES = [_two_folders, _folder_and_zip, _two_zips, _two_loose_files, _wrapped_zips, _class_zip,
           _class_zip_of_loose_files, _classroom]


def _paths(klas: Path) -> list[str]:
    """The path to grade: the class folder, or the one archive in it."""
    inside = os.listdir(klas)
    return [str(klas / inside[0])] if inside == ["klas.zip"] else [str(klas)]


@pytest.mark.parametrize("make", CLASSES, ids=[make.__name__.strip("_") for make in CLASSES])
def test_every_renamed_student_gets_a_note(tmp_path, make):
    # José-2 from a zip (two zips, or a zip class export) had no renamed-id note; one from a folder had.
    make(tmp_path / "klas")
    by_id = {s.id: s for s in discover(_paths(tmp_path / "klas"))[0] if s.id != "anna"}
    assert sorted(by_id) == [COMPOSED, f"{COMPOSED}-2"]
    assert {by_id[COMPOSED].source, by_id[f"{COMPOSED}-2"].source} == {b"x = 1\n", b"x = 2\n"}
    assert [note for note in by_id[f"{COMPOSED}-2"].notes if note["kind"] == "renamed-id"] == [
        {"kind": "renamed-id", "from": COMPOSED}]
    assert not any(note["kind"] == "renamed-id" for note in by_id[COMPOSED].notes)


@pytest.mark.parametrize("make", CLASSES, ids=[make.__name__.strip("_") for make in CLASSES])
def test_a_renamed_students_graded_file_is_named_as_it_is(tmp_path, make):
    # The second of two loose Zoë.py files was graded as "Zoë-2.py", a name that is nowhere on disk.
    make(tmp_path / "klas")
    for submission in discover(_paths(tmp_path / "klas"))[0]:
        where = os.path.relpath(submission.path, tmp_path)  # inside a zip too: "klas/klas.zip!/José/main.py"
        assert "-2" not in submission.graded_file + where + str(submission.notes), submission
        assert submission.graded_file in ("main.py", f"{COMPOSED}.py", f"{COMPOSED}.zip/main.py"), submission


def test_loose_files_renamed_in_a_folder_keep_their_names_on_disk(tmp_path):
    (tmp_path / f"{ZOE}.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / f"{ZOE_NFD}.py").write_text("x = 2\n", encoding="utf-8")
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert sorted(by_id) == [ZOE, f"{ZOE}-2"]
    for submission in by_id.values():
        assert submission.graded_file == f"{ZOE}.py" and os.path.isfile(submission.path)


def test_ids_repeated_over_several_paths_keep_their_files_names(tmp_path):
    for number, klas in enumerate(("a", "b", "c"), 1):
        (tmp_path / klas).mkdir()
        (tmp_path / klas / "anna.py").write_text(f"x = {number}\n")
    submissions, _ = discover([str(tmp_path / klas) for klas in ("a", "b", "c")])
    assert [s.id for s in submissions] == ["anna", "anna-2", "anna-3"]
    assert [s.graded_file for s in submissions] == ["anna.py"] * 3
    assert [s.notes for s in submissions[1:]] == [[{"kind": "renamed-id", "from": "anna"}]] * 2


def test_two_files_of_one_zipped_student_are_named_as_in_the_archive(tmp_path):
    _zip(tmp_path / "anna.zip", {f"{ZOE}.py": "x = 1\n", f"{ZOE_NFD}.py": "x = 2\n", "main.py": "x = 3\n"})
    (tmp_path / "bram.py").write_text("x = 4\n")
    anna = next(s for s in discover([str(tmp_path)])[0] if s.id == "anna")
    assert anna.graded_file == "anna.zip/main.py"
    assert anna.ignored_files == [f"anna.zip/{ZOE}.py"] * 2


def test_an_lms_file_renamed_keeps_its_own_name_after_the_exports_prefix(tmp_path):
    # Brightspace's "<n>-<n> - Name - date - Zoë.py" twice (composed, decomposed): the second was "Zoë-2.py".
    for name, code in ((f"{ZOE}.py", "x = 1\n"), (f"{ZOE_NFD}.py", "x = 2\n")):
        (tmp_path / f"7001-8001 - Anouk Jansen - Mar 2, 2026 905 AM - {name}").write_text(code, encoding="utf-8")
    (tmp_path / "index.html").write_text("<html></html>")
    (anouk,), _ = discover([str(tmp_path)])
    assert anouk.layout == "brightspace" and [anouk.graded_file, *anouk.ignored_files] == [f"{ZOE}.py"] * 2
